import { Center, Loader, Stack, Text } from '@mantine/core';
import { PublicLayoutMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { useMarksPageLoading } from './page-loading';

/** A quiet, centred spinner for whole-page waits (restoring the session, loading a screen). */
export function PageLoader({ label }: { label?: string }) {
  useMarksPageLoading();
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="jibs" type="dots" size="lg" aria-hidden />
        <Text c="dimmed">{label ?? text.loading}</Text>
      </Stack>
    </Center>
  );
}

/** A spinner where a section's data will show (the admin console's screens and panels). */
export function SectionLoader({ label }: { label?: string }) {
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  return (
    <Center py={64}>
      <Loader role="status" aria-label={label ?? text.loadingShort} />
    </Center>
  );
}
