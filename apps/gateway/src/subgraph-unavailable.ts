import { GraphQLError } from 'graphql';
import { ErrorCode, Messages } from '@jibs/domain';

/** Socket errors meaning the subgraph is not there (stopped, restarting, unreachable). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

/** Answers a proxy or the subgraph's own door gives while it cannot serve. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return message === 'socket hang up' || message.startsWith('Subgraph request timed out');
}

export function isUnavailableStatus(status: number): boolean {
  return UNAVAILABLE_STATUSES.has(status);
}

/**
 * What a field of a subgraph that is down answers: a code the clients word themselves, so one
 * service's outage reads as such (and the rest of the query still resolves), never as an
 * internal error. The subgraph's name stays in the gateway's log, not in the answer.
 */
export function subgraphUnavailableError(subgraph: string, cause?: unknown): GraphQLError {
  return new GraphQLError(Messages.serviceUnavailable, {
    extensions: { code: ErrorCode.ServiceUnavailable, serviceName: subgraph },
    ...(cause instanceof Error ? { originalError: cause } : {}),
  });
}
