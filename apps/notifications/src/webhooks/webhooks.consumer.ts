import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WEBHOOK_EVENT_TYPES } from '@jibs/domain';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { WebhooksService } from './webhooks.service';

export const WEBHOOKS_GROUP = 'notifications.webhooks';

type WebhookEvent = EventOf<(typeof WEBHOOK_EVENT_TYPES)[number]>;

/**
 * Records, in the inbox's transaction, the deliveries the events owe the registered endpoints
 * (a redelivered event owes nothing new), and wakes the sender once they have committed.
 */
@Injectable()
export class WebhooksConsumer {
  constructor(private readonly webhooks: WebhooksService) {}

  @OnEvents(WEBHOOK_EVENT_TYPES, { group: WEBHOOKS_GROUP, batch: true })
  async record(events: WebhookEvent[], manager: EntityManager): Promise<void> {
    await this.webhooks.record(manager, events);
  }

  @AfterEvents(WEBHOOK_EVENT_TYPES, { group: WEBHOOKS_GROUP })
  async send(): Promise<void> {
    this.webhooks.wake();
  }
}
