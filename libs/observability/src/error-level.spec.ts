import { GraphQLError } from 'graphql';
import { DomainError, ErrorCode } from '@jibs/domain';
import { errorCodeOf, logLevelForCode, logLevelForError } from './error-level';

describe('the log level of an error', () => {
  it.each([
    ErrorCode.BadUserInput,
    ErrorCode.Unauthenticated,
    ErrorCode.Forbidden,
    ErrorCode.NotFound,
    ErrorCode.Conflict,
    ErrorCode.RateLimited,
    ErrorCode.Maintenance,
    'GRAPHQL_VALIDATION_FAILED',
  ])('%s, a user error, is debug (never error)', (code) => {
    expect(logLevelForCode(code)).toBe('debug');
  });

  it('an outage (SERVICE_UNAVAILABLE) is a warning', () => {
    expect(logLevelForCode(ErrorCode.ServiceUnavailable)).toBe('warn');
  });

  it('a socket the other side closed mid-write (EPIPE, ECONNRESET), even wrapped, is a warning', () => {
    expect(logLevelForCode('EPIPE')).toBe('warn');
    expect(logLevelForCode('ECONNRESET')).toBe('warn');
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(logLevelForError(new GraphQLError('write EPIPE', { originalError: epipe }))).toBe(
      'warn',
    );
  });

  it.each([ErrorCode.Internal, 'ECONNREFUSED', 'DOWNSTREAM_SERVICE_ERROR', undefined])(
    '%s is an error',
    (code) => {
      expect(logLevelForCode(code)).toBe('error');
    },
  );

  it('reads the code of a DomainError, a GraphQLError and one wrapped in another', () => {
    const domain = new DomainError(ErrorCode.NotFound, 'The requested resource was not found.');
    expect(errorCodeOf(domain)).toBe(ErrorCode.NotFound);
    expect(logLevelForError(domain)).toBe('debug');
    const graphql = new GraphQLError('Forbidden', { extensions: { code: 'FORBIDDEN' } });
    expect(logLevelForError(graphql)).toBe('debug');
    const wrapped = new GraphQLError('wrapped', { originalError: domain });
    expect(errorCodeOf(wrapped)).toBe(ErrorCode.NotFound);
    expect(logLevelForError(new Error('connection terminated'))).toBe('error');
    expect(logLevelForError('a string')).toBe('error');
  });
});
