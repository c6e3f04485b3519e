import { Alert, Button, CopyButton, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';

/** The codes as a text file: one a line, with what they are for. */
function asFile(codes: string[]): string {
  return [
    'JIBS recovery codes',
    'Each code can be used once instead of the code from your phone when you sign in.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * New recovery codes, shown this once: the member copies or downloads them, then says so.
 */
export function RecoveryCodesList({
  codes,
  doneLabel = 'I have saved my recovery codes',
  onDone,
}: {
  codes: string[];
  doneLabel?: string;
  onDone: () => void;
}) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([asFile(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'jibs-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes now">
        If you lose your phone, each of these codes lets you sign in once instead of the code from
        your phone. They are shown only this once: keep them somewhere safe, such as a password
        manager or a printed page.
      </Alert>
      <List
        aria-label="Recovery codes"
        listStyleType="none"
        data-testid="recovery-codes"
        ff="monospace"
        fz="md"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
          gap: 6,
        }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} timeout={3000}>
          {({ copied, copy }) => (
            <>
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
              <VisuallyHidden aria-live="polite">
                {copied ? 'The recovery codes are copied.' : ''}
              </VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          Download
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        You can make new codes on your profile, under Security; the old ones then stop working.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
