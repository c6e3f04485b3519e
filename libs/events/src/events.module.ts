import {
  Global,
  Inject,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createBroker, type BrokerConfig } from './create-broker';
import type { EventBroker } from './event-broker';
import { OutboxRelay } from './outbox-relay';

/** Injection token of the service's EventBroker. */
export const EVENT_BROKER = 'EVENT_BROKER';
/** Injection token of the EventsModuleOptions (e.g. to read `source`). */
export const EVENTS_OPTIONS = 'EVENTS_OPTIONS';
const BROKER_CONFIG = 'EVENTS_BROKER_CONFIG';

export interface EventsModuleOptions {
  /** CloudEvents source of this service's events, e.g. `jibs/identity`. */
  source: string;
  /** Read once at startup; logger and metrics given here serve the relay too. */
  broker: () => BrokerConfig;
  relay?: { batchSize?: number; pollIntervalMs?: number };
}

/**
 * The service's event bus: provides the broker (EVENT_BROKER) and runs the outbox relay over the
 * service's DataSource for the app's lifetime. Both stop in beforeApplicationShutdown, so before
 * any onApplicationShutdown hook destroys the DataSource; closing the broker stops (and waits
 * for) every subscription still running, so no handler outlives the database it writes to.
 */
@Global()
@Module({})
export class EventsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        { provide: BROKER_CONFIG, useFactory: () => options.broker() },
        {
          provide: EVENT_BROKER,
          useFactory: (config: BrokerConfig) => createBroker(config),
          inject: [BROKER_CONFIG],
        },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, broker: EventBroker, config: BrokerConfig) =>
            new OutboxRelay({
              dataSource,
              broker,
              logger: config.logger,
              metrics: config.metrics,
              ...options.relay,
            }),
          inject: [DataSource, EVENT_BROKER, BROKER_CONFIG],
        },
      ],
      exports: [EVENT_BROKER, EVENTS_OPTIONS, OutboxRelay],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    try {
      await this.relay.stop();
    } finally {
      await this.broker.close();
    }
  }
}
