import { useApolloClient } from '@apollo/client/react';
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
  buildDataExport,
  DataExportError,
  DataExportMessages,
  dateRangeProblem,
  exportedAsMessage,
  localCalendarDate,
  memberExportBundle,
  type ExportFormat,
  ClientMessages,
  RegistrationBillingMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { ExportBundleDocument } from '../../../gql/graphql';
import { translateText, useMessages, useSession } from '@jibs/web-data';

type ExportState = 'idle' | 'exporting';

/**
 * The member's own data as a file (spec 2, Data export dialog): format, metadata and an optional
 * date range. The bundle comes from the member's own queries; the file is built in the browser.
 */
export function DataExportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const {
    RegistrationBillingMessages: billing,
    DataExportMessages: exportText,
    ClientMessages: clientText,
  } = useMessages({ RegistrationBillingMessages, DataExportMessages, ClientMessages });
  const client = useApolloClient();
  const { user } = useSession();
  const [format, setFormat] = useState<ExportFormat>('json');
  const [includeMetadata, setIncludeMetadata] = useState(true);
  const [useRange, setUseRange] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [state, setState] = useState<ExportState>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const range = useRange ? { start, end } : null;
  // With the filter on, both dates are needed (spec 5): an empty range is incomplete here.
  const rangeProblem = useRange
    ? !start || !end
      ? exportText.dateRangeIncomplete
      : dateRangeProblem(range)
    : null;
  const today = localCalendarDate(new Date());

  const runExport = async () => {
    setState('exporting');
    setFailure(null);
    try {
      const { data } = await client.query({
        query: ExportBundleDocument,
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('No data');
      const file = buildDataExport(
        memberExportBundle({
          profile: data.me,
          household: data.myHousehold,
          payments: data.myPayments,
          notifications: data.notifications,
        }),
        {
          format,
          includeMetadata,
          userId: user?.id ?? '',
          exportedBy: user?.email,
          dateRange: range,
        },
      );
      download(file.content, file.filename, file.mimeType);
      notifications.show({
        color: 'green',
        title: exportText.exportSuccessTitle,
        message: translateText(exportedAsMessage(file.filename)),
      });
      setState('idle');
      onClose();
    } catch (error) {
      setFailure(
        error instanceof DataExportError ? translateText(error.message) : exportText.exportFailed,
      );
      setState('idle');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={billing.exportTitle}
      closeButtonProps={{ 'aria-label': billing.closeDialog }}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {billing.exportIntro}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-format">
            {billing.format}
          </Text>
          <SegmentedControl
            aria-labelledby="export-format"
            value={format}
            onChange={(value) => setFormat(value as ExportFormat)}
            data={[
              { value: 'json', label: 'JSON' },
              { value: 'csv', label: billing.csv },
            ]}
          />
        </Stack>
        <Checkbox
          label={billing.includeMetadata}
          checked={includeMetadata}
          onChange={(e) => setIncludeMetadata(e.currentTarget.checked)}
        />
        <Checkbox
          label={billing.onlyDateRange}
          checked={useRange}
          onChange={(e) => setUseRange(e.currentTarget.checked)}
        />
        {useRange && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={billing.startDate}
              type="date"
              max={today}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <TextInput
              label={billing.endDate}
              type="date"
              max={today}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        {rangeProblem && (start || end) && (
          <Text size="sm" c="red.8" role="alert">
            {rangeProblem && translateText(rangeProblem)}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" title={exportText.exportFailedTitle} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={state === 'exporting'}>
            {billing.cancel}
          </Button>
          <Button
            onClick={() => void runExport()}
            disabled={!!rangeProblem || state === 'exporting'}
          >
            {state === 'exporting' ? clientText.exporting : billing.export}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function download(content: string, filename: string, mimeType: string) {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
