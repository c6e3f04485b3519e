import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminOpsMessages,
  DataExportMessages,
  ErrorCode,
  exportedAsMessage,
  localCalendarDate,
  type ExportFormat,
  ClientMessages,
} from '@jibs/domain';
import { useMessages, useSessionManager, useText } from '@jibs/web-data';
import { useId, useState } from 'react';
import {
  adminExportUrl,
  exportFailure,
  exportFilename,
  exportTableLabel,
  rangeProblem,
  type ExportFailure,
  type ExportTableName,
} from '../utils/admin-export';

type ExportState = 'idle' | 'exporting';

/**
 * The spec's Data export dialog for one table: format, metadata, an optional date range;
 * 'Exporting...' while the owner streams the file, and on success the dialog closes with the
 * 'Export Successful' toast. Errors stay in the dialog, announced.
 */
export function AdminExportDialog({
  table,
  opened,
  onClose,
}: {
  table: ExportTableName;
  opened: boolean;
  onClose: () => void;
}) {
  const {
    AdminOpsMessages: ops,
    DataExportMessages: exportMessages,
    ClientMessages: client,
  } = useMessages({ AdminOpsMessages, DataExportMessages, ClientMessages });
  const text = useText();
  const label = exportTableLabel(ops, table);
  const session = useSessionManager();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [includeMetadata, setIncludeMetadata] = useState(false);
  const [useRange, setUseRange] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [state, setState] = useState<ExportState>('idle');
  const [failure, setFailure] = useState<ExportFailure | null>(null);
  const ids = { format: useId(), range: useId(), failure: useId() };

  const problem = rangeProblem(useRange, start, end);
  const showProblem = problem && (start || end);
  const today = localCalendarDate(new Date());

  const close = () => {
    if (state === 'exporting') return;
    setFailure(null);
    onClose();
  };

  const request = async (): Promise<Response> => {
    const url = adminExportUrl(table, {
      format,
      includeMetadata,
      start: useRange ? start : '',
      end: useRange ? end : '',
    });
    const send = () => {
      const authorization = session.authorization();
      return fetch(url, {
        headers: authorization ? { authorization } : {},
        credentials: 'same-origin',
      });
    };
    const response = await send();
    // The access token may have lapsed while the console sat open: renew once and retry.
    if (response.status === 401 && (await session.refresh())) return send();
    return response;
  };

  const runExport = async () => {
    setState('exporting');
    setFailure(null);
    try {
      const response = await request();
      if (!response.ok) {
        setFailure(await exportFailure(response));
        setState('idle');
        return;
      }
      const filename = exportFilename(response.headers.get('content-disposition'), table, format);
      download(await response.blob(), filename);
      notifications.show({
        color: 'green',
        title: exportMessages.exportSuccessTitle,
        message: text(exportedAsMessage(filename)),
      });
      setState('idle');
      onClose();
    } catch {
      setFailure({ message: DataExportMessages.exportFailed, fieldErrors: {} });
      setState('idle');
    }
  };

  const rangeError =
    (showProblem && problem ? text(problem) : null) ??
    (failure?.code === ErrorCode.BadUserInput ? text(failure.message) : null);

  return (
    <Modal opened={opened} onClose={close} title={ops.exportTable(label)} centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {ops.exportDialogText(label.toLowerCase())}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={ids.format}>
            {ops.format}
          </Text>
          <SegmentedControl
            aria-labelledby={ids.format}
            value={format}
            onChange={(value) => setFormat(value as ExportFormat)}
            data={[
              { value: 'csv', label: ops.formatCsv },
              { value: 'json', label: ops.formatJson },
            ]}
          />
        </Stack>
        <Checkbox
          label={ops.includeMetadata}
          checked={includeMetadata}
          onChange={(e) => setIncludeMetadata(e.currentTarget.checked)}
        />
        <Checkbox
          label={ops.onlyRange}
          checked={useRange}
          onChange={(e) => {
            setUseRange(e.currentTarget.checked);
            setFailure(null);
          }}
        />
        {useRange && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={ops.startDate}
              type="date"
              max={today}
              value={start}
              aria-describedby={rangeError ? ids.range : undefined}
              aria-invalid={!!rangeError}
              onChange={(e) => {
                setStart(e.currentTarget.value);
                setFailure(null);
              }}
            />
            <TextInput
              label={ops.endDate}
              type="date"
              max={today}
              value={end}
              aria-describedby={rangeError ? ids.range : undefined}
              aria-invalid={!!rangeError}
              onChange={(e) => {
                setEnd(e.currentTarget.value);
                setFailure(null);
              }}
            />
          </SimpleGrid>
        )}
        {rangeError && (
          <Text size="sm" c="red.9" role="alert" id={ids.range}>
            {rangeError}
          </Text>
        )}
        {failure && failure.code !== ErrorCode.BadUserInput && (
          <Alert
            id={ids.failure}
            color="red"
            variant="light"
            title={exportMessages.exportFailedTitle}
            role="alert"
          >
            {text(failure.message)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={state === 'exporting'}>
            {ops.cancel}
          </Button>
          <Button onClick={() => void runExport()} disabled={!!problem || state === 'exporting'}>
            {state === 'exporting' ? client.exporting : ops.export}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
