import { Loader } from '@mantine/core';
import { CheckIcon } from '../../../shared/components/icons';
import type { SaveStatus } from '../hooks/use-auto-save';

/** Inside a field's right edge: a spinner while it saves, a tick once saved. */
export function SaveStatusIcon({ status }: { status: SaveStatus }) {
  if (status === 'saving') return <Loader size="xs" color="jibs" role="img" aria-label="Saving" />;
  if (status === 'saved') {
    return (
      <span style={{ color: 'var(--mantine-color-jibs-7)', display: 'inline-flex' }} title="Saved">
        <CheckIcon size={18} />
      </span>
    );
  }
  return null;
}
