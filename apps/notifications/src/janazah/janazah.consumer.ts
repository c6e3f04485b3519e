import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AfterEvents, OnEvents, type EventOf } from '@jibs/events';
import { JanazahFanOutService } from './janazah-fan-out.service';
import { JANAZAH_TOPICS, noticeOf } from './janazah-messages';
import { JanazahSender } from './janazah-sender';

export const JANAZAH_GROUP = 'notifications.janazah';

type JanazahEvent = EventOf<(typeof JANAZAH_TOPICS)[number]>;

/**
 * Tells every member of a janazah notice, its changes and its cancellation: in the event's
 * transaction the deliveries are written set-based (and the bell told); after the commit the
 * sender drains the emails and texts in batches. Never a send inside the transaction.
 */
@Injectable()
export class JanazahConsumer {
  constructor(
    private readonly fanOut: JanazahFanOutService,
    private readonly sender: JanazahSender,
  ) {}

  @OnEvents(JANAZAH_TOPICS, { group: JANAZAH_GROUP, batch: true })
  async handle(events: JanazahEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) {
      await this.fanOut.fanOut(manager, noticeOf(event.type, event.data));
    }
  }

  /** After the commit, on every delivery: whatever is still owed (a failed send is retried). */
  @AfterEvents(JANAZAH_TOPICS, { group: JANAZAH_GROUP })
  async send(): Promise<void> {
    await this.sender.drain();
  }
}
