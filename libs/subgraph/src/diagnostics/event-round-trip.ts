import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  buildEnvelope,
  EVENT_BROKER,
  EventPublisher,
  type EventBroker,
  type Subscription,
} from '@jibs/events';

export const DIAGNOSTICS_TOPIC = 'diagnostics.ping';

/**
 * An event round trip through the bus for the admin's diagnostics: publishes a
 * `diagnostics.ping` and waits until this service's own subscription receives it. It proves the
 * broker accepts, stores and delivers, not only that it answers a health query.
 */
@Injectable()
export class EventRoundTrip implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | undefined;
  private readonly waiting = new Map<string, () => void>();

  constructor(
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
    private readonly publisher: EventPublisher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.broker.subscribe({
      group: `${this.publisher.source.replace(/^jibs\//, '')}.diagnostics`,
      topics: [DIAGNOSTICS_TOPIC],
      // Pings nobody waits for any more (an earlier run that timed out) are simply consumed.
      handle: async (envelope) => this.waiting.get(envelope.id)?.(),
      maxAttempts: 1,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  /** Resolves when the ping came back; the caller's deadline (runDiagnostic) bounds the wait. */
  async run(): Promise<void> {
    if (!this.subscription) throw new Error('the diagnostics subscription is not running');
    const envelope = buildEnvelope(
      DIAGNOSTICS_TOPIC,
      { sentAt: new Date().toISOString() },
      { source: this.publisher.source, subject: 'diagnostics' },
    );
    const received = new Promise<void>((resolve) => this.waiting.set(envelope.id, resolve));
    try {
      await this.broker.publish([{ topic: DIAGNOSTICS_TOPIC, key: 'diagnostics', envelope }]);
      await received;
    } finally {
      this.waiting.delete(envelope.id);
    }
  }
}
