const LEVEL_COLOURS: Record<string, string> = { error: '31', fatal: '31', warn: '33' };

/** What `npm start` prints of its services without --verbose: these levels, and non-JSON text. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal']);

interface ReadLine {
  level: string;
  text: string;
  requestId?: string;
  json: boolean;
}

function readLine(line: string): ReadLine {
  try {
    const entry = JSON.parse(line) as {
      level?: unknown;
      msg?: unknown;
      reason?: unknown;
      requestId?: unknown;
      requestIds?: unknown;
      err?: { message?: unknown };
    };
    if (!entry || typeof entry !== 'object') throw new Error('not a log entry');
    const detail = entry.err?.message ?? entry.reason;
    return {
      level: typeof entry.level === 'string' ? entry.level : 'info',
      text: `${typeof entry.msg === 'string' ? entry.msg : ''}${typeof detail === 'string' ? ` (${detail})` : ''}`,
      requestId:
        typeof entry.requestId === 'string'
          ? entry.requestId
          : Array.isArray(entry.requestIds)
            ? entry.requestIds.join(', ')
            : undefined,
      json: true,
    };
  } catch {
    // not JSON: printed as it is (a launcher line, or a process dying before its logger)
    return { level: 'info', text: line, json: false };
  }
}

/**
 * A service's JSON log line as one short readable line, prefixed with the service name and
 * followed by its request id when it has one (to find the same request in other services).
 */
export function formatLogLine(service: string, line: string): string {
  const { level, text, requestId } = readLine(line);
  const body = requestId ? `${text} [request ${requestId}]` : text;
  const colour = LEVEL_COLOURS[level];
  const prefix = `[${service}]`.padEnd(16);
  return colour && process.stdout.isTTY
    ? `\u001b[${colour}m${prefix}${body}\u001b[0m\n`
    : `${prefix}${body}\n`;
}

/** Whether `npm start` prints this line: everything when verbose, else warnings and errors. */
export function shouldPrintLogLine(line: string, verbose: boolean): boolean {
  if (verbose) return true;
  const { level, json } = readLine(line);
  return !json || QUIET_LEVELS.has(level);
}

/** `npm start -- --verbose` or `JIBS_VERBOSE=1`: every service line, boot noise included. */
export function verboseFrom(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const flag = env.JIBS_VERBOSE?.toLowerCase();
  return argv.includes('--verbose') || flag === '1' || flag === 'true' || flag === 'yes';
}
