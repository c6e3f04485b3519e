import { Inject, type Provider, type Type } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { Role } from '@jibs/domain';
import {
  DeadLetterStore,
  EVENT_BROKER,
  EventPublisher,
  groupsOfService,
  type DeadLetter,
  type DeadLetterActionEntity,
  type EventBroker,
} from '@jibs/events';
import type { ServiceMetrics } from '@jibs/observability';
import {
  DeadLetterActionModel,
  DeadLetterModel,
  ServiceOperationsModel,
  type ReadinessCheckModel,
} from './operations.model';
import { RateWindow, readTotals, releaseVersion } from './service-figures';

/** `notifications` -> `notifications`, `case-files` -> `caseFiles`: a GraphQL field prefix. */
export function operationsFieldPrefix(service: string): string {
  return service.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * The service's own Operations fields, admins only: `<service>Operations` (readiness, version,
 * traffic, events, consumer lag, outbox, dead letters) and the dead-letter mutations
 * `<service>ReplayDeadLetter`, `<service>ReplayDeadLetters`, `<service>DiscardDeadLetter`. Each
 * subgraph has its own names, so one service that is down takes only its own fields out.
 */
export function operationsResolver(service: string, metrics: ServiceMetrics): Type<unknown> {
  const prefix = operationsFieldPrefix(service);

  @Resolver()
  class OperationsResolver {
    private readonly deadLetters: DeadLetterStore;
    private readonly rates = new RateWindow();

    constructor(
      @Inject(EVENT_BROKER) private readonly broker: EventBroker,
      private readonly dataSource: DataSource,
      private readonly publisher: EventPublisher,
    ) {
      this.deadLetters = new DeadLetterStore(broker, dataSource, {
        ...groupsOfService(service),
        onAction: (manager, action, letter) => this.audit(manager, action, letter),
      });
    }

    @Roles(Role.ADMIN)
    @Query(() => ServiceOperationsModel, {
      name: `${prefix}Operations`,
      // Nullable, so that one service down (its field answered SERVICE_UNAVAILABLE by the
      // gateway) leaves the other services' fields of the same query standing.
      nullable: true,
      description: `Admins only: ${service}'s readiness, version, traffic, events, consumer lag, outbox and dead letters.`,
    })
    async operations(): Promise<ServiceOperationsModel> {
      const [checks, counts, lag, outbox, letters] = await Promise.all([
        this.checks(),
        readTotals(metrics.registry),
        this.broker.consumerLag?.() ?? Promise.resolve([]),
        this.outbox(),
        this.deadLetters.list(),
      ]);
      const { perMinute, windowSeconds } = this.rates.rates(counts.totals);
      return Object.assign(new ServiceOperationsModel(), {
        service,
        ready: checks.every((check) => check.ok),
        checks,
        version: releaseVersion(),
        uptimeSeconds: Math.round(process.uptime()),
        requests: {
          total: counts.totals.requests,
          errors: counts.totals.errors,
          perMinute: perMinute.requests,
          errorsPerMinute: perMinute.errors,
          windowSeconds,
        },
        events: {
          handled: counts.totals.handled,
          failed: counts.failed,
          deadLettered: counts.deadLettered,
          published: counts.totals.published,
          handledPerMinute: perMinute.handled,
          publishedPerMinute: perMinute.published,
        },
        consumerLag: lag,
        outbox,
        deadLetters: letters.map(deadLetterModel),
      });
    }

    @Roles(Role.ADMIN)
    @Mutation(() => DeadLetterActionModel, {
      name: `${prefix}ReplayDeadLetter`,
      description: `Admins only: publishes one of ${service}'s dead letters again, to its original topic (once; audited).`,
    })
    async replayDeadLetter(
      @CurrentUser() admin: AuthUser,
      @Args('id', { type: () => ID }) id: string,
    ): Promise<DeadLetterActionModel> {
      return actionModel(await this.deadLetters.replay(id, admin.id));
    }

    @Roles(Role.ADMIN)
    @Mutation(() => Int, {
      name: `${prefix}ReplayDeadLetters`,
      description: `Admins only: replays every one of ${service}'s dead letters (of \`topic\` only, when given); returns how many.`,
    })
    async replayDeadLetters(
      @CurrentUser() admin: AuthUser,
      @Args('topic', { type: () => String, nullable: true }) topic?: string | null,
    ): Promise<number> {
      return this.deadLetters.replayAll(admin.id, topic ? { topic } : {});
    }

    @Roles(Role.ADMIN)
    @Mutation(() => DeadLetterActionModel, {
      name: `${prefix}DiscardDeadLetter`,
      description: `Admins only: sets one of ${service}'s dead letters aside for good, with a reason (required; audited).`,
    })
    async discardDeadLetter(
      @CurrentUser() admin: AuthUser,
      @Args('id', { type: () => ID }) id: string,
      @Args('reason') reason: string,
    ): Promise<DeadLetterActionModel> {
      return actionModel(await this.deadLetters.discard(id, admin.id, reason));
    }

    private async checks(): Promise<ReadinessCheckModel[]> {
      const run = async (name: string, check: () => Promise<unknown>) => {
        try {
          await check();
          return { name, ok: true, error: null };
        } catch (error) {
          return { name, ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      };
      return Promise.all([
        run('database', () => this.dataSource.query('SELECT 1')),
        run('broker', () => this.broker.health()),
      ]);
    }

    private async outbox(): Promise<{ backlog: number; oldestAgeSeconds: number }> {
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS backlog,
                coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
           FROM outbox WHERE published_at IS NULL`,
      )) as { backlog: number; age: number }[];
      return {
        backlog: row?.backlog ?? 0,
        oldestAgeSeconds: Math.round((row?.age ?? 0) * 10) / 10,
      };
    }

    /** The admin's action in the audit trail, published in the action's own transaction. */
    private async audit(
      manager: EntityManager,
      action: DeadLetterActionEntity,
      letter: DeadLetter,
    ): Promise<void> {
      await this.publisher.publish(
        manager,
        'audit.recorded',
        {
          entryId: randomUUID(),
          service: this.publisher.source,
          actorId: action.actor,
          action: `dead_letter.${action.action}`,
          subjectType: 'dead_letter',
          subjectId: action.deadLetterId,
          memberId: null,
          before: {
            topic: letter.topic,
            group: letter.group,
            error: letter.error,
            attempts: letter.attempts,
            eventId: action.eventId,
          },
          after: { action: action.action, reason: action.reason },
          recordedAt: action.createdAt.toISOString(),
        },
        { subject: action.deadLetterId },
      );
    }
  }
  return OperationsResolver;
}

function deadLetterModel(letter: DeadLetter): DeadLetterModel {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return Object.assign(new DeadLetterModel(), {
    id: letter.id,
    topic: letter.topic,
    group: letter.group,
    error: letter.error,
    attempts: letter.attempts,
    deadLetteredAt: letter.deadLetteredAt,
    eventId: text(letter.event['id']),
    subject: text(letter.event['subject']),
    event: JSON.stringify(letter.event),
  });
}

function actionModel(action: DeadLetterActionEntity): DeadLetterActionModel {
  return Object.assign(new DeadLetterActionModel(), {
    deadLetterId: action.deadLetterId,
    action: action.action,
    actor: action.actor,
    reason: action.reason,
    at: action.createdAt.toISOString(),
  });
}

/** What `defineService` adds to every service. */
export function operationsProviders(service: string, metrics: ServiceMetrics): Provider[] {
  return [operationsResolver(service, metrics)];
}
