import { GraphQLError } from 'graphql';
import { DomainError, ErrorCode } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import { nestLogger } from './bootstrap';

function recordingLogger() {
  const lines: { level: string; fields: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: unknown, message: string): void => {
      lines.push({ level, fields, message });
    };
  const logger = {
    info: at('info'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    trace: at('trace'),
  } as unknown as Logger;
  return { logger, lines };
}

describe('nestLogger', () => {
  it('logs a refusal answered with its code (Nest reports every thrown error) at debug, without its stack', () => {
    const { logger, lines } = recordingLogger();
    nestLogger(logger).error(
      new DomainError(ErrorCode.Unauthenticated, 'Your session has expired. Please log in again.'),
      'ExceptionsHandler',
    );
    expect(lines).toEqual([
      {
        level: 'debug',
        fields: { context: 'ExceptionsHandler', code: ErrorCode.Unauthenticated },
        message: 'request refused',
      },
    ]);
  });

  it('keeps any other error at error level', () => {
    const { logger, lines } = recordingLogger();
    nestLogger(logger).error(new Error('connection terminated'), 'ExceptionsHandler');
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { context: 'ExceptionsHandler' },
        message: 'Error: connection terminated',
      },
    ]);
  });

  it.each([
    ErrorCode.BadUserInput,
    ErrorCode.Forbidden,
    ErrorCode.NotFound,
    ErrorCode.Conflict,
    ErrorCode.RateLimited,
  ])('logs every user error (%s) at debug, a GraphQLError as well as a DomainError', (code) => {
    const { logger, lines } = recordingLogger();
    nestLogger(logger).error(new DomainError(code, 'refused'), 'ExceptionsHandler');
    nestLogger(logger).error(
      new GraphQLError('refused', { extensions: { code } }),
      'ExceptionsHandler',
    );
    expect(lines.map((line) => line.level)).toEqual(['debug', 'debug']);
  });
});
