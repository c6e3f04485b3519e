import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { of, type Observable } from 'rxjs';
import { Role } from '@jibs/domain';
import type { AuthUser } from './access-token';

const ISSUED_TO_CALLER = Symbol('jibs:issued-to-caller');

/**
 * Marks a User object as the caller's own although the request carried no token yet: the user
 * a session was just issued to in this very answer (sign-up, sign-in).
 */
export function issuedToCaller<T extends object>(user: T): T {
  return Object.assign(user, { [ISSUED_TO_CALLER]: true });
}

/** Whether the caller is the user `subject` is (a User object or reference, by its id) or an admin. */
export function isSelfOrAdmin(caller: AuthUser | null | undefined, subject: unknown): boolean {
  const parent = subject as { id?: unknown; [ISSUED_TO_CALLER]?: boolean } | null | undefined;
  if (parent?.[ISSUED_TO_CALLER] === true) return true;
  if (!caller) return false;
  return caller.role === Role.ADMIN || (typeof parent?.id === 'string' && parent.id === caller.id);
}

/**
 * `@SelfOrAdmin({ othersGet: null })`: the guard let everyone through with the caller on the
 * context; anyone but the user themself or an admin gets null, and the resolver does not run.
 */
@Injectable()
export class OthersGetNullInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const gql = GqlExecutionContext.create(context);
    const caller = gql.getContext<{ user?: AuthUser | null }>().user;
    return isSelfOrAdmin(caller, gql.getRoot()) ? next.handle() : of(null);
  }
}
