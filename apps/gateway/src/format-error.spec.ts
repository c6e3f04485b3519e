import { GraphQLError, Kind, type GraphQLFormattedError } from 'graphql';
import { createLogger } from '@jibs/observability';
import { createErrorFormatter, toClientError } from './format-error';
import { QueryLimitError } from './query-limits';

describe('gateway error formatting', () => {
  const logger = createLogger('test', 'silent');
  const format = createErrorFormatter(logger);

  it("keeps a subgraph's code, message and field errors, and drops everything else", () => {
    const formatted: GraphQLFormattedError = {
      message: 'Passwords do not match',
      path: ['signUp'],
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { confirmPassword: 'Passwords do not match' },
        serviceName: 'identity',
        stacktrace: ['at secret.ts:1'],
      },
    };
    expect(format(formatted, undefined)).toEqual({
      message: 'Passwords do not match',
      path: ['signUp'],
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { confirmPassword: 'Passwords do not match' },
      },
    });
  });

  it('masks internal and unknown errors', () => {
    const error = jest.spyOn(logger, 'error');
    for (const code of ['INTERNAL_SERVER_ERROR', 'DOWNSTREAM_SERVICE_ERROR', undefined]) {
      expect(
        format(
          { message: 'connect ECONNREFUSED 10.0.0.5:4001', path: ['me'], extensions: { code } },
          new Error('connect ECONNREFUSED'),
        ),
      ).toEqual({
        message: 'An unexpected error occurred. Please try again.',
        path: ['me'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
    }
    expect(error).toHaveBeenCalledTimes(3);
  });

  it('answers a query limit with BAD_USER_INPUT although Apollo wraps it as a validation error', () => {
    const limit = new QueryLimitError('Query is too deep (max 10)', {
      kind: Kind.NAME,
      value: 'x',
    });
    const wrapped = new GraphQLError(limit.message, {
      originalError: limit,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(toClientError(wrapped.toJSON(), wrapped).error.extensions).toEqual({
      code: 'BAD_USER_INPUT',
    });
  });

  it('passes request errors through', () => {
    const result = toClientError({
      message: 'Cannot query field "nope" on type "Query".',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(result).toEqual({
      internal: false,
      error: {
        message: 'Cannot query field "nope" on type "Query".',
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    });
  });
});
