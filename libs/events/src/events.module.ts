import {
  Global,
  Inject,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { createBroker, type BrokerConfig } from './create-broker';
import type { EventBroker } from './event-broker';
import { eventHandlersOf, subscribeEventHandlers } from './event-handlers';
import { EventMetrics } from './event-metrics';
import { EVENTS_OPTIONS, EventPublisher } from './event-publisher';
import { OutboxRelay } from './outbox-relay';

/** Injection token of the service's EventBroker. */
export const EVENT_BROKER = 'EVENT_BROKER';
export { EVENTS_OPTIONS };
const BROKER_CONFIG = 'EVENTS_BROKER_CONFIG';

export interface EventsModuleOptions {
  /** CloudEvents source of this service's events, e.g. `jibs/identity`. */
  source: string;
  /** Read once at startup; logger and metrics given here serve the relay too. */
  broker: () => BrokerConfig;
  relay?: { batchSize?: number; pollIntervalMs?: number };
  /**
   * The service's metrics registry: the broker, the relay and the consumers report
   * events_outbox_backlog, events_consumer_lag, events_dead_letters_total, ... on it.
   */
  metrics?: Registry;
}

/**
 * The service's event bus: provides the broker (EVENT_BROKER) and the EventPublisher, runs the
 * outbox relay over the service's DataSource for the app's lifetime, and subscribes every
 * provider's @OnEvent / @OnEvents / @AfterEvents handlers at bootstrap. Both stop in beforeApplicationShutdown, so before
 * any onApplicationShutdown hook destroys the DataSource; closing the broker stops (and waits
 * for) every subscription still running, so no handler outlives the database it writes to.
 */
@Global()
@Module({})
export class EventsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(EVENT_BROKER) private readonly broker: EventBroker,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    private readonly discovery: DiscoveryService,
    private readonly dataSource: DataSource,
  ) {}

  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: BROKER_CONFIG,
          useFactory: (): BrokerConfig => {
            const config = options.broker();
            const metrics =
              config.metrics ?? (options.metrics ? new EventMetrics(options.metrics) : undefined);
            return { ...config, metrics };
          },
        },
        EventPublisher,
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
      exports: [EVENT_BROKER, EVENTS_OPTIONS, OutboxRelay, EventPublisher],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
    const consumers = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (instance && typeof instance === 'object' && eventHandlersOf(instance).length > 0) {
        consumers.add(instance);
      }
    }
    // Every group joins at once; broker.close() at shutdown stops them all.
    await Promise.all(
      [...consumers].map((instance) =>
        subscribeEventHandlers(this.broker, this.dataSource, instance),
      ),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    try {
      await this.relay.stop();
    } finally {
      await this.broker.close();
    }
  }
}
