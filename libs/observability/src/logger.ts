import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId, currentRequestIds } from './request-context';

export type { Logger } from 'pino';

/** Fields that never reach a log line. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'confirmPassword',
  '*.confirmPassword',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'code',
  '*.code',
  // Personal data: log ids, never a person's address or number.
  'email',
  '*.email',
  'adminEmail',
  '*.adminEmail',
  'phone',
  '*.phone',
  'authorization',
  'cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Errors as pino serialises them, less what may carry personal data or secrets: a database
 * error's query parameters (password hashes, emails) and driver internals.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  for (const key of ['parameters', 'driverError', 'query', 'config', 'request', 'response'])
    delete serialized[key];
  // A DOMException (a fetch's timeout) lists its legacy constants (INDEX_SIZE_ERR: 1, ...) as
  // enumerable: noise on every line it is in.
  for (const key of Object.keys(serialized))
    if (/^[A-Z][A-Z_]+_ERR$/.test(key) && typeof serialized[key] === 'number')
      delete serialized[key];
  return serialized;
}

/**
 * JSON logs carrying the service name and the current request id; to stdout, or to
 * `destination` (tests read the lines they wrote).
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      if (requestId) return { requestId };
      const requestIds = currentRequestIds();
      return requestIds ? { requestIds } : {};
    },
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Nest injection token for the service's logger. */
export const LOGGER = Symbol('LOGGER');
