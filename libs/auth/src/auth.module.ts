import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { createTokenVerifier, type TokenVerifierOptions } from './access-token';
import { AuthGuard, TOKEN_VERIFIER } from './auth.guard';

/** Installs the global, deny-by-default guard with a JWKS-backed token verifier. */
@Global()
@Module({})
export class AuthModule {
  /** `localKeys`: the issuer itself verifies against its own keys instead of fetching them. */
  static forRoot(
    options: () => TokenVerifierOptions & { localKeys?: JSONWebKeySet },
  ): DynamicModule {
    return {
      module: AuthModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: TOKEN_VERIFIER,
          useFactory: () => {
            const { localKeys, ...verifier } = options();
            return createTokenVerifier(
              verifier,
              localKeys ? createLocalJWKSet(localKeys) : undefined,
            );
          },
        },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [TOKEN_VERIFIER],
    };
  }
}
