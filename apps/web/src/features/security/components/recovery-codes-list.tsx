import { AccountSecurityDialogMessages, MemberSecurityMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Alert, Button, CopyButton, Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';

/** The codes as a text file in the reader's language: one a line, with what they are for. */
function asFile(codes: string[], text: typeof AccountSecurityDialogMessages): string {
  return [text.codesFileTitle, text.codesFileText, '', ...codes, ''].join('\n');
}

/**
 * New recovery codes, shown this once: the member copies or downloads them, then says so.
 */
export function RecoveryCodesList({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel?: string;
  onDone: () => void;
}) {
  const { MemberSecurityMessages: text, AccountSecurityDialogMessages: dialog } = useMessages({
    MemberSecurityMessages,
    AccountSecurityDialogMessages,
  });
  const download = () => {
    const url = URL.createObjectURL(new Blob([asFile(codes, dialog)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'jibs-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={text.saveCodesTitle}>
        {text.saveCodesText}
      </Alert>
      <List
        aria-label={text.recoveryCodes}
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
                {copied ? text.copied : text.copyCodes}
              </Button>
              <VisuallyHidden aria-live="polite">{copied ? text.codesCopied : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {text.download}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {text.makeNewLater}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{doneLabel ?? text.savedCodes}</Button>
      </Group>
    </Stack>
  );
}
