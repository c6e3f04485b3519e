import { formatLogLine, shouldPrintLogLine, verboseFrom } from './log-format';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ time: '2026-11-27T07:00:00.000Z', service: 'identity', ...fields });

describe('the launcher output', () => {
  it('prints a JSON line short, with its request id', () => {
    expect(
      formatLogLine(
        'identity',
        line({ level: 'warn', msg: 'sign-in throttled', requestId: 'req-0001-abcd' }),
      ),
    ).toBe('[identity]      sign-in throttled [request req-0001-abcd]\n');
    expect(
      formatLogLine(
        'cases',
        line({ level: 'error', msg: 'request failed', err: { message: 'db down' } }),
      ),
    ).toBe('[cases]         request failed (db down)\n');
    expect(
      formatLogLine('cases', line({ level: 'fatal', msg: 'cases failed to start', reason: 'x' })),
    ).toBe('[cases]         cases failed to start (x)\n');
    expect(
      formatLogLine('notifications', line({ level: 'warn', msg: 'x', requestIds: ['r1', 'r2'] })),
    ).toBe('[notifications] x [request r1, r2]\n');
    expect(formatLogLine('launcher', 'postgres is back')).toBe(
      '[launcher]      postgres is back\n',
    );
  });

  it("shows services' boot noise only when verbose; warnings, errors and plain text always", () => {
    const info = line({ level: 'info', msg: 'Nest application successfully started' });
    const debug = line({ level: 'debug', msg: 'configuration' });
    expect(shouldPrintLogLine(info, false)).toBe(false);
    expect(shouldPrintLogLine(debug, false)).toBe(false);
    expect(shouldPrintLogLine(info, true)).toBe(true);
    for (const level of ['warn', 'error', 'fatal'])
      expect(shouldPrintLogLine(line({ level, msg: 'x' }), false)).toBe(true);
    expect(shouldPrintLogLine('identity stopped unexpectedly (SIGKILL)', false)).toBe(true);
  });

  it('is verbose with --verbose or JIBS_VERBOSE=1, not otherwise', () => {
    expect(verboseFrom(['node', 'main.js', '--verbose'], {})).toBe(true);
    expect(verboseFrom(['node', 'main.js'], { JIBS_VERBOSE: '1' })).toBe(true);
    expect(verboseFrom(['node', 'main.js'], { JIBS_VERBOSE: 'true' })).toBe(true);
    expect(verboseFrom(['node', 'main.js'], {})).toBe(false);
    expect(verboseFrom(['node', 'main.js'], { JIBS_VERBOSE: '0' })).toBe(false);
  });
});
