import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@jibs/domain';
import { hashOpaqueToken } from '../security/opaque-token';
import { RecoveryCodeEntity } from './recovery-code.entity';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * Recovery codes: RECOVERY_CODE_COUNT random codes, shown to the member once (when made) and
 * stored only hashed. Each stands in for the second factor once.
 */
@Injectable()
export class RecoveryCodes {
  constructor(private readonly dataSource: DataSource) {}

  /** A new set, replacing any earlier one; the codes as shown (abcd-efgh-jkmn). */
  async replace(manager: EntityManager, userId: string): Promise<string[]> {
    await manager.delete(RecoveryCodeEntity, { userId });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await manager.insert(
      RecoveryCodeEntity,
      codes.map((code) => ({ userId, codeHash: hashOpaqueToken(code) })),
    );
    return codes.map(formatRecoveryCode);
  }

  /** Uses a (normalized) code once: false if it is not one of the account's unused codes. */
  async consume(manager: EntityManager, userId: string, code: string): Promise<boolean> {
    const used = await manager.update(
      RecoveryCodeEntity,
      { userId, codeHash: hashOpaqueToken(code), usedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
    return used.affected === 1;
  }

  async clear(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RecoveryCodeEntity, { userId });
  }

  async unused(userId: string): Promise<number> {
    return this.dataSource
      .getRepository(RecoveryCodeEntity)
      .count({ where: { userId, usedAt: IsNull() } });
  }
}
