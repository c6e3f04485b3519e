import { MemberProfileMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Loader } from '@mantine/core';
import { CheckIcon } from '../../../shared/components/icons';
import type { SaveStatus } from '../hooks/use-auto-save';

/** Inside a field's right edge: a spinner while it saves, a tick once saved. */
export function SaveStatusIcon({ status }: { status: SaveStatus }) {
  const { MemberProfileMessages: text } = useMessages({ MemberProfileMessages });
  if (status === 'saving')
    return <Loader size="xs" color="jibs" role="img" aria-label={text.saving} />;
  if (status === 'saved') {
    return (
      <span
        style={{ color: 'var(--mantine-color-jibs-7)', display: 'inline-flex' }}
        title={text.saved}
      >
        <CheckIcon size={18} />
      </span>
    );
  }
  return null;
}
