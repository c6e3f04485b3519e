import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AccountBackupMessages } from '@jibs/domain';
import {
  actionErrorMessage,
  toApiError,
  useMessages,
  useMoneyFormat,
  useSession,
  useText,
} from '@jibs/web-data';
import { useId, useState } from 'react';
import { MemberBackupDocument, RestoreBackupDocument } from '../../../gql/graphql';
import {
  BackupError,
  backupCreatedMessage,
  backupFilename,
  buildMemberBackup,
  planRestore,
  restoredMessage,
} from '../utils/member-backup';

type Busy = 'idle' | 'backing-up' | 'restoring';

/**
 * Backup and Restore for the signed-in member: a JSON backup of their own profile (with the
 * household), death reports, documents and payments, and a restore that re-creates their
 * missing death reports from it (nothing twice; never payments, statuses or roles).
 */
export function BackupRestoreSection() {
  const client = useApolloClient();
  const { user } = useSession();
  const [busy, setBusy] = useState<Busy>('idle');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const ids = { heading: useId(), failure: useId() };
  const { AccountBackupMessages: text } = useMessages({ AccountBackupMessages });
  const numbers = useMoneyFormat();
  // A refused file's message is the catalogue's English: shown translated.
  const translate = useText();

  const backUp = async () => {
    setBusy('backing-up');
    setFailure(null);
    try {
      const { data } = await client.query({
        query: MemberBackupDocument,
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No data');
      const now = new Date();
      const backup = buildMemberBackup(data, now);
      const filename = backupFilename(now);
      download(JSON.stringify(backup, null, 2), filename);
      notifications.show({
        color: 'green',
        title: text.backupTitle,
        message: backupCreatedMessage(filename, text),
      });
    } catch {
      setFailure({ title: text.backupFailedTitle, message: text.backupFailed });
    } finally {
      setBusy('idle');
    }
  };

  const restore = async () => {
    if (!file || !user) return;
    setBusy('restoring');
    setFailure(null);
    try {
      const plan = planRestore(await file.text(), user.id);
      const { data } = await client.mutate({
        mutation: RestoreBackupDocument,
        variables: { reports: plan.reports },
        refetchQueries: ['MyDeathReports', 'MyDeathReportCounts'],
      });
      const result = { success: true, restored_records: data?.restoreMyDeathReports ?? 0 };
      notifications.show({
        color: 'green',
        title: text.restoreTitle,
        message: restoredMessage(result.restored_records, text, numbers.count),
      });
      setFile(null);
    } catch (error) {
      setFailure({
        title: text.restoreFailedTitle,
        message:
          error instanceof BackupError
            ? translate(error.message)
            : actionErrorMessage(toApiError(error)),
      });
    } finally {
      setBusy('idle');
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={ids.heading}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={ids.heading}>
            {text.title}
          </Title>
          <Text size="sm" c="gray.7">
            {text.intro}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button onClick={() => void backUp()} disabled={busy !== 'idle'} variant="light">
            {busy === 'backing-up' ? text.creating : text.download}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <FileInput
            label={text.file}
            placeholder={text.chooseFile}
            // Mantine's placeholder grey is too faint to read (WCAG contrast).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept="application/json,.json"
            value={file}
            onChange={(next) => {
              setFile(next);
              setFailure(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': text.clearFile }}
            style={{ flex: '1 1 16rem' }}
            aria-describedby={failure ? ids.failure : undefined}
          />
          <Button onClick={() => void restore()} disabled={!file || busy !== 'idle'}>
            {busy === 'restoring' ? text.restoring : text.restore}
          </Button>
        </Group>
        {failure && (
          <Alert id={ids.failure} color="red" variant="light" title={failure.title} role="alert">
            {failure.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function download(content: string, filename: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
