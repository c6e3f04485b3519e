import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { ClaimEntity } from './claim.entity';

export const CLAIMS_GROUP = 'billing.claims';

/**
 * Keeps billing's copy of each approved report's claim (cases owns it): the whole claim comes in
 * every event, so the newest replaces the copy; an older one delivered late changes nothing.
 */
@Injectable()
export class ClaimsConsumer {
  @OnEvent('claim.updated', { group: CLAIMS_GROUP })
  async apply(event: EventOf<'claim.updated'>, manager: EntityManager): Promise<void> {
    const publishedAt = new Date(event.time);
    const existing = await manager.findOne(ClaimEntity, {
      where: { reportId: event.data.reportId },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    const { reportId, userId, covered, windowOverride, lines, total } = event.data;
    await manager.save(ClaimEntity, {
      reportId,
      userId,
      covered,
      windowOverride,
      lines,
      total,
      openedAt: existing?.openedAt ?? publishedAt,
      publishedAt,
    });
  }
}
