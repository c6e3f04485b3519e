import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DomainError,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WebhookMessages,
  type WebhookEventType,
} from '@jibs/domain';
import { EventPublisher, type EventEnvelope } from '@jibs/events';
import { LOGGER, type Logger } from '@jibs/observability';
import { recordAudit } from '@jibs/subgraph';
import { WEBHOOK_OPTIONS, type WebhookOptions } from './webhooks.tokens';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { newWebhookSecret, signedHeaders } from './webhook-signature';
import { checkTarget, type TargetPolicy } from './webhook-target';

/** How long one try may take, and how long a claim holds before another sender may take it. */
const TRY_TIMEOUT_MS = 10_000;
const CLAIM_MS = 60_000;
/** Deliveries sent at once by one sender. */
const BATCH = 20;
/** The longest the sender sleeps with nothing due: a backstop, new deliveries wake it. */
const IDLE_WAIT_MS = 60_000;

/** Delay before try n+1 after n failed tries: base, doubling, capped at six hours. */
export function webhookRetryDelayMs(failedTries: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (failedTries - 1), 6 * 60 * 60 * 1000);
}

interface ClaimedDelivery {
  id: string;
  event_id: string;
  envelope: EventEnvelope;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Outgoing webhooks: endpoints admins register, the deliveries owed to them (recorded in the
 * consumer's transaction), and the sender that signs, sends and retries them. Several instances
 * share the work: each claims due deliveries with SKIP LOCKED, so a delivery is sent by one.
 */
@Injectable()
export class WebhooksService implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  readonly policy: TargetPolicy;
  private readonly retryBaseMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WEBHOOK_OPTIONS) options: WebhookOptions,
  ) {
    this.policy = { allowPrivate: options.allowPrivate };
    this.retryBaseMs = options.retryBaseMs;
  }

  onModuleInit(): void {
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  // ----- endpoints (admins) -----

  endpoints(): Promise<WebhookEndpointEntity[]> {
    return this.dataSource
      .getRepository(WebhookEndpointEntity)
      .find({ order: { createdAt: 'ASC' } });
  }

  async create(
    adminId: string,
    input: { url: string; eventTypes: string[] },
  ): Promise<{ endpoint: WebhookEndpointEntity; secret: string }> {
    const url = await this.checkedUrl(input.url);
    const eventTypes = checkedEventTypes(input.eventTypes);
    return this.dataSource.transaction(async (manager) => {
      // One admin at a time past the limit check.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'))`);
      if ((await manager.count(WebhookEndpointEntity)) >= WEBHOOK_LIMITS.maxEndpoints) {
        throw DomainError.conflict(WebhookMessages.tooManyEndpoints);
      }
      const secret = newWebhookSecret();
      const endpoint = await manager.save(
        manager.create(WebhookEndpointEntity, { url, eventTypes, secret, createdBy: adminId }),
      );
      await this.audit(
        manager,
        adminId,
        'webhook.endpoint_created',
        endpoint.id,
        null,
        safe(endpoint),
      );
      return { endpoint, secret };
    });
  }

  async update(
    adminId: string,
    id: string,
    input: { url?: string | null; eventTypes?: string[] | null; active?: boolean | null },
  ): Promise<WebhookEndpointEntity> {
    const url = input.url != null ? await this.checkedUrl(input.url) : undefined;
    const eventTypes = input.eventTypes != null ? checkedEventTypes(input.eventTypes) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await manager.findOne(WebhookEndpointEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!endpoint) throw DomainError.notFound(WebhookMessages.endpointNotFound);
      const before = safe(endpoint);
      if (url !== undefined) endpoint.url = url;
      if (eventTypes !== undefined) endpoint.eventTypes = eventTypes;
      if (input.active != null) endpoint.active = input.active;
      const saved = await manager.save(endpoint);
      await this.audit(manager, adminId, 'webhook.endpoint_updated', id, before, safe(saved));
      return saved;
    });
  }

  async remove(adminId: string, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await manager.findOne(WebhookEndpointEntity, { where: { id } });
      if (!endpoint) throw DomainError.notFound(WebhookMessages.endpointNotFound);
      await manager.delete(WebhookEndpointEntity, { id });
      await this.audit(manager, adminId, 'webhook.endpoint_deleted', id, safe(endpoint), null);
      return true;
    });
  }

  // ----- deliveries -----

  deliveries(filter: {
    endpointId?: string | null;
    status?: string | null;
    first: number;
  }): Promise<WebhookDeliveryEntity[]> {
    const query = this.dataSource
      .getRepository(WebhookDeliveryEntity)
      .createQueryBuilder('d')
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .take(filter.first);
    if (filter.endpointId) query.andWhere('d.endpoint_id = :endpointId', filter);
    if (filter.status) query.andWhere('d.status = :status', filter);
    return query.getMany();
  }

  /**
   * Sends a delivery again, now (a failed one, or a delivered one the receiver lost). The same
   * event id: a receiver that already has it drops it.
   */
  async replay(adminId: string, id: string): Promise<WebhookDeliveryEntity> {
    const replayed = await this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOne(WebhookDeliveryEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!delivery) throw DomainError.notFound(WebhookMessages.deliveryNotFound);
      if (delivery.status === 'pending' || delivery.status === 'sending') {
        throw DomainError.conflict(WebhookMessages.alreadyPending);
      }
      const before = { status: delivery.status, attempts: delivery.attempts };
      Object.assign(delivery, { status: 'pending', nextAttemptAt: new Date(), claimedUntil: null });
      const saved = await manager.save(delivery);
      await this.audit(manager, adminId, 'webhook.delivery_replayed', id, before, {
        status: 'pending',
        eventId: delivery.eventId,
        eventType: delivery.eventType,
      });
      return saved;
    });
    this.wake();
    return replayed;
  }

  /** Records what the events owe the active endpoints subscribed to them: one statement each. */
  async record(manager: EntityManager, envelopes: readonly EventEnvelope[]): Promise<void> {
    for (const envelope of envelopes) {
      await manager.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, envelope)
         SELECT id, $1, $2, $3::jsonb FROM webhook_endpoints WHERE active AND $2 = ANY(event_types)
         ON CONFLICT ON CONSTRAINT "UQ_webhook_deliveries_endpoint_event" DO NOTHING`,
        [envelope.id, envelope.type, JSON.stringify(envelope)],
      );
    }
  }

  /** Sends what is due now, then sleeps until the next delivery is due (or it is woken). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain()
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'webhook sender failed; retrying'),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          void this.sleep();
        }
      });
  }

  private async sleep(): Promise<void> {
    if (this.stopped) return;
    let waitMs = IDLE_WAIT_MS;
    try {
      const [row] = (await this.dataSource.query(
        `SELECT extract(epoch FROM min(coalesce(claimed_until, next_attempt_at)) - now()) * 1000 AS ms
           FROM webhook_deliveries WHERE status IN ('pending', 'sending')`,
      )) as { ms: string | null }[];
      if (row?.ms != null) waitMs = Math.max(50, Math.min(IDLE_WAIT_MS, Number(row.ms)));
    } catch {
      // The database is away: try again after the backstop wait.
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => this.wake(), waitMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((delivery) => this.send(delivery)));
    }
  }

  private async claim(): Promise<ClaimedDelivery[]> {
    const [rows] = (await this.dataSource.query(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d
          WHERE (d.status = 'pending' AND d.next_attempt_at <= now())
             OR (d.status = 'sending' AND d.claimed_until < now())
          ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE webhook_deliveries d
          SET status = 'sending', claimed_until = now() + make_interval(secs => $2)
         FROM due, webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.event_id, d.envelope, d.attempts, e.url, e.secret`,
      [BATCH, CLAIM_MS / 1000],
    )) as [ClaimedDelivery[], number];
    return rows;
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify(delivery.envelope);
    let statusCode: number | null = null;
    let error: string | null = null;
    const target = await checkTarget(delivery.url, this.policy);
    if (!target.ok) {
      error = target.message;
    } else {
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/cloudevents+json',
            'user-agent': 'JIBS-Webhooks/1',
            ...signedHeaders(delivery.secret, {
              id: delivery.event_id,
              body,
              timestamp: new Date(),
            }),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(TRY_TIMEOUT_MS),
        });
        statusCode = response.status;
        await response.body?.cancel().catch(() => undefined);
        if (response.status < 200 || response.status >= 300) error = `HTTP ${response.status}`;
      } catch (failure) {
        error =
          failure instanceof Error
            ? ((failure.cause as Error)?.message ?? failure.message)
            : 'failed';
      }
    }
    const attempts = delivery.attempts + 1;
    if (!error) {
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, delivered_at = now(),
                last_status_code = $3, last_error = NULL, claimed_until = NULL WHERE id = $1`,
        [delivery.id, attempts, statusCode],
      );
      return;
    }
    const gaveUp = attempts >= WEBHOOK_LIMITS.maxAttempts;
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, last_status_code = $4,
              last_error = $5, claimed_until = NULL,
              next_attempt_at = now() + make_interval(secs => $6) WHERE id = $1`,
      [
        delivery.id,
        gaveUp ? 'failed' : 'pending',
        attempts,
        statusCode,
        error.slice(0, 500),
        webhookRetryDelayMs(attempts, this.retryBaseMs) / 1000,
      ],
    );
    // The event type and id say which; never the address's secret or the body.
    this.logger.warn(
      { deliveryId: delivery.id, eventId: delivery.event_id, attempts, statusCode, gaveUp },
      gaveUp ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
    );
  }

  // ----- helpers -----

  private async checkedUrl(raw: string): Promise<string> {
    const check = await checkTarget(raw, this.policy);
    if (!check.ok) throw DomainError.badInput({ url: check.message }, check.message);
    return check.url.toString();
  }

  private audit(
    manager: EntityManager,
    actorId: string,
    action: string,
    subjectId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    return recordAudit(this.events, manager, {
      actorId,
      action,
      subjectType: 'webhook',
      subjectId,
      before,
      after,
    });
  }
}

/** What the audit trail may show of an endpoint: never its secret. */
function safe(endpoint: WebhookEndpointEntity): Record<string, unknown> {
  return { url: endpoint.url, eventTypes: endpoint.eventTypes, active: endpoint.active };
}

function checkedEventTypes(types: readonly string[]): WebhookEventType[] {
  const unique = [...new Set(types.map((type) => type.trim()))];
  if (unique.length === 0) {
    throw DomainError.badInput(
      { eventTypes: WebhookMessages.eventTypesRequired },
      WebhookMessages.eventTypesRequired,
    );
  }
  const unknown = unique.find((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) {
    const message = WebhookMessages.unknownEventType(unknown.slice(0, 60));
    throw DomainError.badInput({ eventTypes: message }, message);
  }
  return unique as WebhookEventType[];
}
