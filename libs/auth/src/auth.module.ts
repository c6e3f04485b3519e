import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { createTokenVerifier, type TokenVerifierOptions } from './access-token';
import { AuthGuard, TOKEN_VERIFIER } from './auth.guard';
import { remoteRevocationFeed, RevocationList, revocationsUrlFor } from './revocations';

/** The service's copy of identity's revocations (see RevocationList). */
export const REVOCATION_LIST = Symbol('REVOCATION_LIST');

export interface AuthModuleOptions extends TokenVerifierOptions {
  /** The issuer itself verifies against its own keys instead of fetching them. */
  localKeys?: JSONWebKeySet;
  /**
   * Where revocations come from: 'remote' (default) reads identity's list next to its JWKS;
   * 'local' waits for the service (identity) to give the list its source.
   */
  revocations?: 'remote' | 'local';
  /** How often the list is read when identity cannot wait for changes (REVOCATION_REFRESH_MS). */
  revocationRefreshMs?: number;
  /** Headers proving the service to identity when it reads the list (the gateway credential). */
  revocationHeaders?: Record<string, string>;
}

function revocationListFor(options: AuthModuleOptions): RevocationList {
  const logger = new Logger('AuthModule');
  let failing = false;
  const list = new RevocationList(undefined, {
    // Identity (local) applies its own list; every other service follows identity's long poll.
    ...(options.revocations === 'local'
      ? {}
      : {
          feed: remoteRevocationFeed(revocationsUrlFor(options.jwksUrl), options.revocationHeaders),
        }),
    refreshMs: options.revocationRefreshMs,
    onError: (error) => {
      // Once per outage, not every few seconds.
      if (!failing) {
        logger.warn(
          `cannot refresh the access-token revocation list; the last copy stays in use: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      failing = true;
    },
  });
  const apply = list.apply.bind(list);
  list.apply = (snapshot) => {
    if (failing) logger.log('the access-token revocation list is refreshed again');
    failing = false;
    apply(snapshot);
  };
  return list;
}

/**
 * Installs the global, deny-by-default guard with a JWKS-backed token verifier that also
 * refuses revoked tokens. Services need no configuration for revocations: the list is read
 * from identity, next to the JWKS.
 */
@Global()
@Module({})
export class AuthModule implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(REVOCATION_LIST) private readonly revocations: RevocationList) {}

  static forRoot(options: () => AuthModuleOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: REVOCATION_LIST, useFactory: () => revocationListFor(options()) },
        {
          provide: TOKEN_VERIFIER,
          inject: [REVOCATION_LIST],
          useFactory: (revocations: RevocationList) => {
            const {
              localKeys,
              revocations: _source,
              revocationRefreshMs: _ms,
              revocationHeaders: _headers,
              ...verifier
            } = options();
            return createTokenVerifier(
              verifier,
              localKeys ? createLocalJWKSet(localKeys) : undefined,
              revocations,
            );
          },
        },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [TOKEN_VERIFIER, REVOCATION_LIST],
    };
  }

  onModuleInit(): void {
    this.revocations.start();
  }

  onModuleDestroy(): void {
    this.revocations.stop();
  }
}
