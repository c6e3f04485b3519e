import { ErrorAlert } from '@jibs/web-ui';
import { AdminMessages } from '@jibs/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSessionManager } from '@jibs/web-data';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  listDiagnostics,
  runDiagnostic,
  runSummary,
  type DiagnosticsAuth,
  type DiagnosticTestInfo,
  type TestStatus,
} from '../utils/diagnostics-client';

interface TestState {
  status: TestStatus;
  reason?: string;
  durationMs?: number;
}

const STATUS_COLORS: Record<TestStatus, string> = {
  pending: 'gray',
  running: 'blue',
  passed: 'green',
  failed: 'red',
};

const CATEGORY_NAMES: Record<string, string> = {
  services: 'Services',
  data: 'Data and events',
  integrations: 'Storage, mail and payments',
  schema: 'Schema',
};

/** The Testing tab: real checks of the running stack (apps/gateway/src/diagnostics). */
export function TestingTab() {
  const manager = useSessionManager();
  const auth = useMemo<DiagnosticsAuth>(
    () => ({ authorization: () => manager.authorization(), renew: () => manager.refresh() }),
    [manager],
  );
  const [tests, setTests] = useState<DiagnosticTestInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [states, setStates] = useState<Record<string, TestState>>({});
  const [runningAll, setRunningAll] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const fetchTests = useCallback(
    () =>
      listDiagnostics(auth).then(setTests, (error: unknown) =>
        setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [auth],
  );

  useEffect(() => {
    void fetchTests();
  }, [fetchTests]);

  const retry = () => {
    setLoadError(null);
    void fetchTests();
  };

  const stateOf = (id: string): TestState => states[id] ?? { status: 'pending' };

  const runOne = async (test: DiagnosticTestInfo): Promise<TestStatus> => {
    setStates((current) => ({ ...current, [test.id]: { status: 'running' } }));
    const result = await runDiagnostic(auth, test.id);
    setStates((current) => ({
      ...current,
      [test.id]: { status: result.status, reason: result.reason, durationMs: result.durationMs },
    }));
    setAnnouncement(`${test.name}: ${result.status}${result.reason ? `. ${result.reason}` : ''}`);
    return result.status;
  };

  const runAll = async () => {
    if (!tests) return;
    setRunningAll(true);
    setStates(Object.fromEntries(tests.map((test) => [test.id, { status: 'pending' }])));
    // One after another: each result shows as it comes, and no service is asked twice at once.
    const statuses: TestStatus[] = [];
    for (const test of tests) statuses.push(await runOne(test));
    setRunningAll(false);
    const summary = runSummary(statuses);
    setAnnouncement(`${AdminMessages.testRunCompleteTitle}. ${summary}`);
    notifications.show({
      color: statuses.every((status) => status === 'passed') ? 'green' : 'red',
      title: AdminMessages.testRunCompleteTitle,
      message: summary,
    });
  };

  const reset = () => {
    setStates({});
    setAnnouncement('All tests reset to pending');
  };

  if (loadError) {
    return (
      <ErrorAlert title={AdminMessages.errorTitle} onRetry={retry} retrySize="xs">
        The list of tests could not be loaded ({loadError}).
      </ErrorAlert>
    );
  }
  if (!tests) return <Loader role="status" aria-label="Loading tests" />;

  const done = tests.filter((test) => {
    const status = stateOf(test.id).status;
    return status === 'passed' || status === 'failed';
  });
  const passed = tests.filter((test) => stateOf(test.id).status === 'passed').length;
  const busy = runningAll || tests.some((test) => stateOf(test.id).status === 'running');

  return (
    <Stack gap="md">
      <Text c="dimmed">
        Each test checks the running services for real; a test that gets no answer fails within
        seconds with the reason.
      </Text>
      <Group>
        <Button onClick={() => void runAll()} loading={runningAll} disabled={busy}>
          Run All Tests
        </Button>
        <Button variant="default" onClick={reset} disabled={busy}>
          Reset
        </Button>
        <Text size="sm" aria-hidden="true">
          {done.length > 0
            ? AdminMessages.testsPassed(passed, tests.length)
            : `${tests.length} tests`}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {Object.entries(CATEGORY_NAMES).map(([category, title]) => {
        const inCategory = tests.filter((test) => test.category === category);
        if (inCategory.length === 0) return null;
        return (
          <Card key={category} withBorder padding={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" horizontalSpacing="md">
                <Table.Caption style={{ captionSide: 'top', textAlign: 'left', padding: 12 }}>
                  <Text fw={700} component="span">
                    {title}
                  </Text>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Test</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inCategory.map((test) => {
                    const state = stateOf(test.id);
                    return (
                      <Table.Tr key={test.id} data-testid={`test-${test.id}`}>
                        <Table.Td>
                          <Text fw={600}>{test.name}</Text>
                          <Text size="sm" c="dimmed">
                            {test.description}
                          </Text>
                          {state.reason && (
                            <Text size="sm" c="red.8" data-testid={`reason-${test.id}`}>
                              Reason: {state.reason}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLORS[state.status]} variant="light">
                            {state.status}
                          </Badge>
                          {state.durationMs !== undefined && state.status !== 'running' && (
                            <Text size="xs" c="dimmed">
                              {state.durationMs} ms
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => void runOne(test)}
                            disabled={busy}
                            aria-label={`Run ${test.name}`}
                          >
                            Run
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        );
      })}
    </Stack>
  );
}
