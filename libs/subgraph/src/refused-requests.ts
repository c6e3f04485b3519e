import type { INestApplication } from '@nestjs/common';
import { bearerToken, TOKEN_VERIFIER, type AuthUser, type TokenVerifier } from '@jibs/auth';
import type { Logger } from '@jibs/observability';
import type { RefusedBodyHandler } from './request-text';

/** A /graphql request the door refused (bad text, absurd nesting), as a service's hook sees it. */
export interface RefusedRequest {
  /** The parsed JSON body, bad text and all: read it, never pass its text on unchecked. */
  body: unknown;
  /** The caller from the bearer token, verified as the auth guard does (null: none or bad). */
  caller(): Promise<AuthUser | null>;
}

/** What a service does about a refused request: cleans up after it, never answers it. */
export type RefusedRequestHook = (request: RefusedRequest) => Promise<void>;

/**
 * Runs a service's hooks for a refused request body, the caller verified once however many
 * ask. A hook's failure is logged and changes nothing in the answer (the hourly sweep is there).
 */
export function refusedRequestHandler(
  app: INestApplication,
  hooks: RefusedRequestHook[],
  logger: Logger,
): RefusedBodyHandler {
  return async (req, body) => {
    let caller: Promise<AuthUser | null> | undefined;
    const request: RefusedRequest = {
      body,
      caller: () => {
        const token = bearerToken(req.headers['authorization']);
        caller ??= token
          ? app
              .get<TokenVerifier>(TOKEN_VERIFIER)(token)
              .catch(() => null)
          : Promise.resolve(null);
        return caller;
      },
    };
    for (const hook of hooks) {
      await hook(request).catch((error: unknown) =>
        logger.warn({ err: error }, 'cleaning up after a refused request failed'),
      );
    }
  };
}
