import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { AccountSecurityMessages, DomainError } from '@jibs/domain';
import type { SubgraphContext } from '@jibs/subgraph';

export const COSTLY_OPERATION = 'jibs:costly-operation';

// The HTTP requests (or, without one, the GraphQL contexts) that already ran a costly mutation.
const claimed = new WeakSet<object>();

/**
 * At most one costly mutation per GraphQL request: aliases (or a batch) cannot multiply a
 * password hash, a sent email or SMS. The first runs; the others are refused with RATE_LIMITED
 * and do nothing.
 */
@Injectable()
export class OnePerRequestGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType<string>() !== 'graphql') return true;
    const gql = GqlExecutionContext.create(context).getContext<SubgraphContext>();
    const key: object = gql.req ?? gql;
    if (claimed.has(key)) throw DomainError.rateLimited(AccountSecurityMessages.onePerRequest);
    claimed.add(key);
    return true;
  }
}

/** Marks a mutation that hashes a password or sends a message (see OnePerRequestGuard). */
export const OnePerRequest = () =>
  applyDecorators(SetMetadata(COSTLY_OPERATION, true), UseGuards(OnePerRequestGuard));
