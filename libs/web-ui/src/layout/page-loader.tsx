import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMarksPageLoading } from './page-loading';

/** A quiet, centred spinner for whole-page waits (restoring the session, loading a screen). */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  useMarksPageLoading();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="jibs" type="dots" size="lg" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A spinner where a section's data will show (the admin console's screens and panels). */
export function SectionLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={64}>
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
