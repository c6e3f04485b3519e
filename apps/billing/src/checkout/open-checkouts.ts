import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CheckoutKind, CheckoutState } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import type { PaymentProvider } from '../provider/payment-provider';
import { CheckoutEntity } from './checkout.entity';

/** The purpose a live checkout is keyed by: one live checkout per member and purpose. */
export function openKeyOf(kind: CheckoutKind, householdMemberId: string | null): string {
  return kind === CheckoutKind.HOUSEHOLD_MEMBER ? `${kind}:${householdMemberId}` : kind;
}

/**
 * What a registration checkout priced: the household rows (each save makes new rows) and the
 * fee of each. A completed registration checkout whose snapshot is not the household's now is
 * not counted.
 */
export function householdSnapshot(rows: { id: string; fee: number; feeStatus: string }[]): string {
  const parts = rows.map((row) => `${row.id}:${row.fee}:${row.feeStatus}`).sort();
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/**
 * Marks the member's live checkouts matching `where` expired (in the caller's transaction) and
 * returns their provider sessions, to expire at the provider once the transaction committed.
 */
export async function expireOpenCheckouts(
  manager: EntityManager,
  userId: string,
  where: { kind: CheckoutKind; householdMemberId?: string },
): Promise<string[]> {
  const key = openKeyOf(where.kind, where.householdMemberId ?? null);
  const rows: { provider_session_id: string | null }[] = await manager.query(
    `UPDATE checkouts SET state = $3, open_key = NULL, updated_at = now()
     WHERE user_id = $1 AND open_key = $2 RETURNING provider_session_id`,
    [userId, key, CheckoutState.EXPIRED],
  );
  // TypeORM answers an UPDATE ... RETURNING with [rows, affected].
  const list = (Array.isArray(rows[0]) ? rows[0] : rows) as {
    provider_session_id: string | null;
  }[];
  return list.map((row) => row.provider_session_id).filter((id): id is string => Boolean(id));
}

/** Best effort: a session the provider cannot expire may still be paid, and is then flagged. */
export async function expireAtProvider(
  provider: PaymentProvider,
  sessionIds: string[],
  logger?: Logger,
): Promise<void> {
  for (const sessionId of sessionIds) {
    try {
      const expired = await provider.expireCheckoutSession(sessionId);
      if (!expired) logger?.warn({ sessionId }, 'checkout session could not be expired');
    } catch (error) {
      logger?.warn({ err: error, sessionId }, 'expiring a checkout session failed');
    }
  }
}

/** A checkout that completed, failed or expired is no longer the member's live one. */
export async function closeCheckout(
  manager: EntityManager,
  id: string,
  state: CheckoutState,
): Promise<void> {
  await manager.update(CheckoutEntity, { id }, { state, openKey: null });
}
