import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentRequestId } from '@jibs/observability';
import { enqueueAll, type OutgoingEvent } from './enqueue';
import type { EventData, EventType } from './event-catalog';
import type { EventEnvelope } from './event-envelope';

/** Injection token of the EventsModuleOptions (e.g. to read `source`). */
export const EVENTS_OPTIONS = 'EVENTS_OPTIONS';

export interface PublishOptions {
  /** The partition key: the user or aggregate the event is about. */
  subject: string;
}

/** An event to publish with `publishAll`. */
export type PublishRequest = {
  [K in EventType]: { type: K; data: EventData<K> } & PublishOptions;
}[EventType];

/**
 * Publishes this service's events through its outbox, inside the caller's transaction, with the
 * service's source and the current request id filled in. The one way a service publishes.
 */
@Injectable()
export class EventPublisher {
  constructor(@Inject(EVENTS_OPTIONS) private readonly options: { source: string }) {}

  get source(): string {
    return this.options.source;
  }

  async publish<T extends EventType>(
    manager: EntityManager,
    type: T,
    data: EventData<T>,
    options: PublishOptions,
  ): Promise<EventEnvelope<EventData<T>>> {
    const [envelope] = await this.publishAll(manager, [
      { type, data, ...options } as PublishRequest,
    ]);
    return envelope as EventEnvelope<EventData<T>>;
  }

  /** Several events in one statement, in order. */
  publishAll(manager: EntityManager, events: readonly PublishRequest[]): Promise<EventEnvelope[]> {
    const requestId = currentRequestId();
    return enqueueAll(
      manager,
      events.map((event): OutgoingEvent => ({
        ...event,
        source: this.source,
        ...(requestId ? { requestId } : {}),
      })),
    );
  }
}
