import {
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { PublicTwoStepMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import type { TotpSetupFieldsFragment } from '../../gql/graphql';

/** The key in groups of four, easier to read and type; apps ignore the spaces. */
function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** How to add JIBS to an authenticator app: the QR code, and the key for typing in by hand. */
export function TotpSetupInstructions({ setup }: { setup: TotpSetupFieldsFragment }) {
  const { PublicTwoStepMessages: text } = useMessages({ PublicTwoStepMessages });
  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs">
        <List.Item>{text.openAuthenticator}</List.Item>
        <List.Item>{text.scanQr}</List.Item>
        <List.Item>{text.enterAppCode}</List.Item>
      </List>
      <Group align="center" gap="xl" wrap="wrap">
        <Box
          p="xs"
          bg="white"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Image src={setup.qrCodeDataUrl} alt={text.qrAlt} w={184} h={184} />
        </Box>
        <Stack gap="xs" style={{ flex: '1 1 220px' }}>
          <Text fw={600} id="totp-key-label">
            {text.cantScan}
          </Text>
          <Code
            block
            aria-labelledby="totp-key-label"
            data-testid="totp-manual-key"
            data-key={setup.manualEntryKey}
            fz="md"
            dir="ltr"
            style={{ letterSpacing: '0.08em', whiteSpace: 'normal', wordBreak: 'keep-all' }}
          >
            {groupKey(setup.manualEntryKey)}
          </Code>
          <CopyButton value={setup.manualEntryKey} timeout={3000}>
            {({ copied, copy }) => (
              <Group gap="sm">
                <Button variant="light" size="sm" onClick={copy}>
                  {copied ? text.copied : text.copyKey}
                </Button>
                <VisuallyHidden aria-live="polite">{copied ? text.keyCopied : ''}</VisuallyHidden>
              </Group>
            )}
          </CopyButton>
        </Stack>
      </Group>
    </Stack>
  );
}
