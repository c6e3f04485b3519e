import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';

export interface Argon2Cost {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

/** The cost set by ARGON2_MEMORY_KIB, ARGON2_TIME_COST and ARGON2_PARALLELISM. */
export function argon2CostOf(config: IdentityConfig): Argon2Cost {
  return {
    memoryKib: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  };
}

/**
 * argon2id at the configured cost (production: OWASP's minimum, 19 MiB memory, 2 iterations,
 * 1 lane). Hashes of another cost still verify: the cost is stored in each hash.
 */
@Injectable()
export class PasswordHasher {
  private readonly options;
  // Verified against when no account matches, so a missing account costs the same time.
  private dummyHash?: Promise<string>;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    const cost = argon2CostOf(config);
    this.options = {
      type: argon2.argon2id,
      memoryCost: cost.memoryKib,
      timeCost: cost.timeCost,
      parallelism: cost.parallelism,
    } as const;
  }

  async hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      this.dummyHash ??= this.hash('not-a-real-password-for-timing');
      return await argon2.verify(hash ?? (await this.dummyHash), password);
    } catch {
      return false;
    }
  }
}
