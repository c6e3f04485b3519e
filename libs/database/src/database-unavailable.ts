/**
 * Postgres is down, restarting or unreachable (not a bad query): the connection was refused,
 * reset or timed out, the server is shutting down or starting up (SQLSTATE 57P01-57P03), or
 * the connection failed (class 08). Such a failure is an outage the caller may retry, answered
 * SERVICE_UNAVAILABLE, never an internal error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text)))
      return true;
    current =
      (current as { driverError?: unknown }).driverError ??
      (current as { originalError?: unknown }).originalError ??
      (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

/** node-postgres' own wording for a connection that ended or never came (it sets no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];
