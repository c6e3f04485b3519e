import type { DataSource, EntityManager } from 'typeorm';
import type { EventBroker, SubscribeOptions, Subscription } from './event-broker';
import type { EventData, EventType } from './event-catalog';
import type { EventEnvelope } from './event-envelope';
import { inRequestOf } from './event-request';

/**
 * A consumed catalog event, typed by its `type`: for several types a discriminated union, so
 * `switch (event.type)` narrows `event.data` without casts.
 */
export type EventOf<T extends EventType> = {
  [K in T]: EventEnvelope<EventData<K>> & { type: K };
}[T];

export interface OnEventOptions {
  /** Consumer group: one handler method per group; every group gets every event once. */
  group: string;
  /** Tries before an event goes to `<topic>.dlq` (default 5). */
  maxAttempts?: number;
  /** Base of the exponential backoff between tries (default 100 ms). */
  retryBackoffMs?: number;
}

export interface OnEventsOptions extends OnEventOptions {
  batch: true;
  /** Most events per call (default 100). */
  maxBatchSize?: number;
}

type Topics<T extends EventType> = T | readonly T[];

type HandlerKind = 'one' | 'batch' | 'after';

interface HandlerDeclaration {
  kind: HandlerKind;
  types: EventType[];
  method: string | symbol;
  options: OnEventOptions & { maxBatchSize?: number };
}

const HANDLERS = Symbol('jibs:event-handlers');

type WithHandlers = { [HANDLERS]?: HandlerDeclaration[] };

function declare(target: object, declaration: HandlerDeclaration): void {
  const owner = target as WithHandlers;
  // Own copy per class, so a subclass adds to its parent's list without changing it.
  const inherited = owner[HANDLERS] ?? [];
  Object.defineProperty(owner, HANDLERS, {
    value: [...inherited, declaration],
    configurable: true,
    enumerable: false,
  });
}

function typesOf<T extends EventType>(types: Topics<T>): EventType[] {
  return typeof types === 'string' ? [types] : [...types];
}

/**
 * Handles each event of the listed types once per group, inside the transaction that records
 * it in the group's inbox (the `manager` argument): at least once delivered, exactly once
 * applied. Throwing rolls the effect back and has the event retried, then dead-lettered. Events
 * delivered together run in one transaction, one after the other, in partition order.
 */
export function OnEvent<const T extends EventType>(types: Topics<T>, options: OnEventOptions) {
  return <M extends (event: EventOf<T>, manager: EntityManager) => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => declare(target, { kind: 'one', types: typesOf(types), method, options });
}

/**
 * Handles consecutive events of a partition at once: `events` are those not yet handled by the
 * group (already handled ones are dropped by one inbox statement), in partition order, so each
 * key stays in order; apply them set-based with `manager`, in one transaction per batch.
 */
export function OnEvents<const T extends EventType>(types: Topics<T>, options: OnEventsOptions) {
  return <M extends (events: EventOf<T>[], manager: EntityManager) => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => declare(target, { kind: 'batch', types: typesOf(types), method, options });
}

/**
 * Runs after the group's transaction has committed, with every delivered event of the listed
 * types, already handled ones included: the place for effects outside the database (sending a
 * mail) that must be retried when a previous delivery failed or crashed before them. Throwing
 * has the batch retried (the inbox turns the handler into a no-op).
 */
export function AfterEvents<const T extends EventType>(
  types: Topics<T>,
  options: { group: string },
) {
  return <M extends (events: EventOf<T>[]) => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void =>
    declare(target, { kind: 'after', types: typesOf(types), method, options: { ...options } });
}

/** The handler declarations of an instance's class (and its parents). */
export function eventHandlersOf(instance: object): HandlerDeclaration[] {
  return (instance as WithHandlers)[HANDLERS] ?? [];
}

type BoundBatch = (events: EventEnvelope[], manager: EntityManager) => Promise<unknown>;
type BoundAfter = (events: EventEnvelope[]) => Promise<unknown>;

export interface GroupHandler {
  group: string;
  types: EventType[];
  /** The effect, given only events new to the group, inside the inbox transaction. */
  handle: BoundBatch;
  /** After the commit, with every delivered event of `afterTypes`. */
  after?: BoundAfter;
  afterTypes?: EventType[];
  maxAttempts?: number;
  retryBackoffMs?: number;
  maxBatchSize?: number;
}

/** Groups an instance's declarations into one GroupHandler per consumer group. */
export function groupHandlersOf(instance: object): GroupHandler[] {
  const byGroup = new Map<string, GroupHandler>();
  const call = (method: string | symbol) => {
    const fn = (instance as Record<string | symbol, unknown>)[method];
    if (typeof fn !== 'function') {
      throw new Error(`Event handler ${String(method)} is not a method`);
    }
    return fn.bind(instance) as (...args: unknown[]) => Promise<unknown>;
  };
  const declarations = eventHandlersOf(instance);
  for (const declaration of declarations.filter((d) => d.kind !== 'after')) {
    const { group } = declaration.options;
    if (byGroup.has(group)) {
      // Two methods of one group would reorder a key's events between them.
      throw new Error(`Consumer group "${group}" has more than one event handler method`);
    }
    const fn = call(declaration.method);
    const handle: BoundBatch =
      declaration.kind === 'batch'
        ? (events, manager) => fn(events, manager)
        : async (events, manager) => {
            // Each event in the request that caused it, even in a batch of several requests.
            for (const event of events) await inRequestOf([event], () => fn(event, manager));
          };
    byGroup.set(group, {
      group,
      types: declaration.types,
      handle,
      maxAttempts: declaration.options.maxAttempts,
      retryBackoffMs: declaration.options.retryBackoffMs,
      maxBatchSize: declaration.options.maxBatchSize,
    });
  }
  for (const declaration of declarations.filter((d) => d.kind === 'after')) {
    const handler = byGroup.get(declaration.options.group);
    if (!handler) {
      throw new Error(
        `@AfterEvents for "${declaration.options.group}" has no @OnEvent/@OnEvents of that group`,
      );
    }
    if (handler.after) {
      throw new Error(`Consumer group "${declaration.options.group}" has two @AfterEvents`);
    }
    const fn = call(declaration.method);
    handler.after = (events) => fn(events);
    handler.afterTypes = declaration.types;
  }
  return [...byGroup.values()];
}

/**
 * One delivered batch for a group: a transaction that records the events in the inbox with one
 * statement (ON CONFLICT DO NOTHING RETURNING, so already handled ones drop out), applies the
 * rest, and commits both together; then the after-commit hook.
 */
export function inboxBatchHandler(
  dataSource: DataSource,
  handler: GroupHandler,
): (envelopes: EventEnvelope[]) => Promise<void> {
  const types = new Set<string>(handler.types);
  const afterTypes = new Set<string>(handler.afterTypes ?? []);
  return async (envelopes) => {
    const mine = envelopes.filter((envelope) => types.has(envelope.type));
    if (mine.length > 0) {
      await dataSource.transaction(async (manager) => {
        const inserted: { event_id: string }[] = await manager.query(
          `INSERT INTO inbox (consumer_group, event_id)
           SELECT $1, id FROM unnest($2::uuid[]) AS id
           ON CONFLICT (consumer_group, event_id) DO NOTHING RETURNING event_id`,
          [handler.group, [...new Set(mine.map((envelope) => envelope.id))]],
        );
        if (inserted.length === 0) return;
        const fresh = new Set(inserted.map((row) => row.event_id));
        // One event id delivered twice in a batch is handled once (its first occurrence).
        const events = mine.filter((envelope) => fresh.delete(envelope.id));
        await handler.handle(events, manager);
      });
    }
    if (handler.after) {
      const after = envelopes.filter((envelope) => afterTypes.has(envelope.type));
      if (after.length > 0) await handler.after(after);
    }
  };
}

/** Subscribes every consumer group an instance declares; returns the subscriptions. */
export async function subscribeEventHandlers(
  broker: EventBroker,
  dataSource: DataSource,
  instance: object,
  defaults: Partial<Pick<SubscribeOptions, 'stopTimeoutMs'>> = {},
): Promise<Subscription[]> {
  // Concurrently: each group joins on its own connection.
  const results = await Promise.allSettled(
    groupHandlersOf(instance).map((handler) =>
      broker.subscribe({
        group: handler.group,
        topics: [...new Set([...handler.types, ...(handler.afterTypes ?? [])])],
        handleBatch: inboxBatchHandler(dataSource, handler),
        maxAttempts: handler.maxAttempts,
        retryBackoffMs: handler.retryBackoffMs,
        maxBatchSize: handler.maxBatchSize,
        ...defaults,
      }),
    ),
  );
  const subscriptions = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    throw failed.reason;
  }
  return subscriptions;
}
