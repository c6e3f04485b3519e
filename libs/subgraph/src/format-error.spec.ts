import { GraphQLError } from 'graphql';
import { QueryFailedError } from 'typeorm';
import { DomainError, ErrorCode, Messages } from '@jibs/domain';
import { createErrorFormatter, createSocketErrorFormatter } from './format-error';

function recordingLogger() {
  const calls: { level: string; message: string }[] = [];
  const at = (level: string) => (_fields: unknown, message: string) =>
    void calls.push({ level, message });
  return {
    calls,
    logger: {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
    } as never,
  };
}

const thrown = (originalError: Error) =>
  new GraphQLError(originalError.message, { originalError, path: ['myDeathReports'] });

describe("a subgraph's error formatting", () => {
  it('answers a database that is down SERVICE_UNAVAILABLE, logged as a warning, not an error', () => {
    const { logger, calls } = recordingLogger();
    const format = createErrorFormatter(logger);
    const down = new QueryFailedError(
      'SELECT 1',
      [],
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    );
    expect(format({ message: down.message, path: ['myDeathReports'] }, thrown(down))).toEqual({
      message: Messages.serviceUnavailable,
      path: ['myDeathReports'],
      extensions: { code: ErrorCode.ServiceUnavailable },
    });
    expect(calls).toEqual([{ level: 'warn', message: 'the database is unavailable' }]);
  });

  it('keeps a bug an internal error, logged at error level', () => {
    const { logger, calls } = recordingLogger();
    const format = createErrorFormatter(logger);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(format({ message: bug.message, path: ['myDeathReports'] }, thrown(bug))).toEqual({
      message: Messages.unexpected,
      path: ['myDeathReports'],
      extensions: { code: ErrorCode.Internal },
    });
    expect(calls.map((call) => call.level)).toEqual(['error']);
  });

  it('does not log a refusal (a user error) at all', () => {
    const { logger, calls } = recordingLogger();
    const format = createErrorFormatter(logger);
    const refusal = new DomainError(ErrorCode.Forbidden, Messages.forbidden);
    expect(format({ message: refusal.message }, thrown(refusal)).extensions).toEqual({
      code: ErrorCode.Forbidden,
    });
    expect(calls).toEqual([]);
  });

  describe('on the subscription socket (graphql-ws)', () => {
    const sql = new Error('relation "notifications" does not exist');

    it("masks a running subscription's failure and logs it at error level", () => {
      const { logger, calls } = recordingLogger();
      const { error } = createSocketErrorFormatter(logger);
      // As graphql-ws reports a subscription source that threw: no path, the original kept.
      const failed = new GraphQLError(sql.message, { originalError: sql });
      expect(error([failed])).toEqual([
        { message: Messages.unexpected, extensions: { code: ErrorCode.Internal } },
      ]);
      expect(calls.map((call) => call.level)).toEqual(['error']);
    });

    it("masks a resolver's bug in a result and keeps a refusal's code, logging only the bug", () => {
      const { logger, calls } = recordingLogger();
      const { next } = createSocketErrorFormatter(logger);
      const refusal = new DomainError(ErrorCode.Forbidden, Messages.forbidden);
      expect(next([thrown(sql), thrown(refusal)]).map((e) => [e.message, e.extensions])).toEqual([
        [Messages.unexpected, { code: ErrorCode.Internal }],
        [refusal.message, { code: ErrorCode.Forbidden }],
      ]);
      expect(calls.map((call) => call.level)).toEqual(['error']);
    });

    it("answers the request's own errors with their message and a user error code, unlogged", () => {
      const { logger, calls } = recordingLogger();
      const { next, error } = createSocketErrorFormatter(logger);
      const badVariable = new GraphQLError('Variable "$since" got invalid value "soon"', {
        originalError: new TypeError('DateTime cannot represent an invalid date'),
      });
      const invalid = new GraphQLError('Cannot query field "nope" on type "Subscription".');
      expect(next([badVariable])).toEqual([
        { message: badVariable.message, extensions: { code: 'BAD_USER_INPUT' } },
      ]);
      expect(error([invalid])).toEqual([
        { message: invalid.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      ]);
      expect(calls).toEqual([]);
    });
  });
});
