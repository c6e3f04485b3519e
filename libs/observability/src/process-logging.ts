import { format } from 'node:util';
import type { Logger } from 'pino';

type ConsoleMethod = 'log' | 'info' | 'debug' | 'trace' | 'warn' | 'error';

/** console.* as log levels: what libraries print (graphql-ws, drivers) reads as JSON too. */
const CONSOLE_LEVELS: Record<ConsoleMethod, 'debug' | 'info' | 'warn' | 'error'> = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  warn: 'warn',
  error: 'error',
};

/**
 * Makes a server process print JSON only: console.* goes through `logger` (an Error argument
 * becomes `err`, the rest the message), and an uncaught exception or unhandled rejection is
 * logged as one fatal line before the process exits with 1 (Node would print a plain stack).
 * Returns a function that puts console back (tests).
 */
export function logProcessAsJson(
  logger: Logger,
  target: { console: Console; process: NodeJS.Process } = { console, process },
): () => void {
  const originals = new Map<ConsoleMethod, Console[ConsoleMethod]>();
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    originals.set(method, target.console[method]);
    const level = CONSOLE_LEVELS[method];
    target.console[method] = (...args: unknown[]) => {
      const err = args.find((arg): arg is Error => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const message = rest.length ? format(...rest) : (err?.message ?? '');
      logger[level]({ source: 'console', ...(err ? { err } : {}) }, message);
    };
  }
  const fatal = (what: string) => (error: unknown) => {
    logger.fatal({ err: error }, what);
    target.process.exit(1);
  };
  const onException = fatal('uncaught exception');
  const onRejection = fatal('unhandled promise rejection');
  target.process.on('uncaughtException', onException);
  target.process.on('unhandledRejection', onRejection);
  return () => {
    for (const [method, original] of originals) target.console[method] = original as never;
    target.process.off('uncaughtException', onException);
    target.process.off('unhandledRejection', onRejection);
  };
}
