import type { DataSource, EntityManager } from 'typeorm';
import { checkDiscardReason, DeadLetterMessages, DomainError } from '@jibs/domain';
import { isDeadLetterTopic, type StoredDeadLetter } from './dead-letter';
import { DeadLetterActionEntity, type DeadLetterActionKind } from './dead-letter-action.entity';
import type { EventBroker } from './event-broker';
import { validateEnvelope, type EventEnvelope } from './event-envelope';
import { InvalidEventError } from './invalid-event.error';

/** A dead letter as operators see it: the original event and why it was given up on. */
export interface DeadLetter {
  /** `<topic>.dlq:<partition>:<offset>`. */
  id: string;
  /** The original topic (the event type). */
  topic: string;
  /** The consumer group that gave up on it. */
  group: string;
  error: string;
  attempts: number;
  /** ISO time it was dead-lettered. */
  deadLetteredAt: string;
  key: string;
  /** The original envelope, as it was consumed (the dead-letter attributes taken off). */
  event: Record<string, unknown>;
}

export interface DeadLetterStoreOptions {
  /** The consumer groups whose dead letters this store lists and acts on (a service's own). */
  ownsGroup(group: string): boolean;
  /** Runs in the action's transaction, after its row and effect (the service's audit event). */
  onAction?(
    manager: EntityManager,
    action: DeadLetterActionEntity,
    letter: DeadLetter,
  ): Promise<void>;
}

/** `<service>.` prefixes every consumer group of a service (`notifications.welcome`). */
export function groupsOfService(service: string): DeadLetterStoreOptions {
  return { ownsGroup: (group) => group.startsWith(`${service}.`) };
}

/**
 * One service's dead letters, on either broker: listed from the broker's `.dlq` topics, acted
 * on through the service's `dead_letter_actions` table. A replay publishes the original envelope
 * to its original topic again: the group that failed handles it, and every group that had
 * handled it finds it in its inbox and does nothing (a replay is a redelivery). The action row
 * is written in the same transaction that publishes, keyed by the dead letter, so a second or
 * concurrent replay or discard of it does nothing but say so; a failed publish leaves no row.
 */
export class DeadLetterStore {
  constructor(
    private readonly broker: EventBroker,
    private readonly dataSource: DataSource,
    private readonly options: DeadLetterStoreOptions,
  ) {}

  /** Those not yet replayed or discarded, oldest first; only the original `topic`'s if given. */
  async list(filter: { topic?: string } = {}): Promise<DeadLetter[]> {
    if (!this.broker.readDeadLetters) throw new Error('This event broker cannot read dead letters');
    const stored = await this.broker.readDeadLetters();
    const letters = stored
      .map(toDeadLetter)
      .filter((letter) => this.options.ownsGroup(letter.group))
      .filter((letter) => !filter.topic || letter.topic === filter.topic);
    if (letters.length === 0) return [];
    const handled = await this.handledIds(letters.map((letter) => letter.id));
    return letters.filter((letter) => !handled.has(letter.id));
  }

  /** Publishes the original event again; refused when already replayed or discarded. */
  async replay(id: string, actor: string): Promise<DeadLetterActionEntity> {
    const letter = await this.find(id);
    let envelope: EventEnvelope;
    try {
      envelope = validateEnvelope(letter.event);
    } catch (error) {
      if (error instanceof InvalidEventError)
        throw DomainError.conflict(DeadLetterMessages.notAnEvent);
      throw error;
    }
    return this.act(letter, actor, 'replayed', null, async () => {
      await this.broker.publish([
        {
          topic: letter.topic,
          key: letter.key || envelope.subject || envelope.id,
          envelope: letter.event as unknown as EventEnvelope,
        },
      ]);
    });
  }

  /**
   * Replays every listed one (of `topic` only, when given); those another replay or discard took
   * meanwhile are passed over. Returns how many this call replayed.
   */
  async replayAll(actor: string, filter: { topic?: string } = {}): Promise<number> {
    let replayed = 0;
    for (const letter of await this.list(filter)) {
      try {
        await this.replay(letter.id, actor);
        replayed += 1;
      } catch (error) {
        if (isAlreadyHandled(error)) continue;
        throw error;
      }
    }
    return replayed;
  }

  /** Marks it discarded with the operator's reason (required); nothing is published. */
  async discard(id: string, actor: string, reason: string): Promise<DeadLetterActionEntity> {
    const checked = checkDiscardReason(reason);
    if ('error' in checked) throw DomainError.badInput({ reason: checked.error });
    const letter = await this.find(id);
    return this.act(letter, actor, 'discarded', checked.reason, async () => undefined);
  }

  /** What was done with these dead letters (the audit of the actions), newest first. */
  async actions(limit = 50): Promise<DeadLetterActionEntity[]> {
    return this.dataSource
      .getRepository(DeadLetterActionEntity)
      .find({ order: { createdAt: 'DESC' }, take: limit });
  }

  private async find(id: string): Promise<DeadLetter> {
    const letter = isDeadLetterId(id)
      ? (await this.listAll()).find((candidate) => candidate.id === id)
      : undefined;
    if (!letter) throw DomainError.notFound(DeadLetterMessages.notFound);
    return letter;
  }

  /** Every one of this service's, handled ones included (an action refuses those itself). */
  private async listAll(): Promise<DeadLetter[]> {
    if (!this.broker.readDeadLetters) throw new Error('This event broker cannot read dead letters');
    return (await this.broker.readDeadLetters())
      .map(toDeadLetter)
      .filter((letter) => this.options.ownsGroup(letter.group));
  }

  private async act(
    letter: DeadLetter,
    actor: string,
    action: DeadLetterActionKind,
    reason: string | null,
    effect: () => Promise<void>,
  ): Promise<DeadLetterActionEntity> {
    return this.dataSource.transaction(async (manager) => {
      // Waits on a concurrent action's row until it commits or rolls back.
      const rows: DeadLetterActionEntity[] = await manager
        .createQueryBuilder()
        .insert()
        .into(DeadLetterActionEntity)
        .values({
          deadLetterId: letter.id,
          action,
          actor,
          reason,
          topic: letter.topic,
          consumerGroup: letter.group,
          eventId: typeof letter.event['id'] === 'string' ? letter.event['id'] : null,
        })
        .orIgnore()
        .returning('*')
        .execute()
        .then((result) => result.raw as DeadLetterActionEntity[]);
      if (rows.length === 0) throw DomainError.conflict(DeadLetterMessages.alreadyHandled);
      await effect();
      const row = await manager
        .getRepository(DeadLetterActionEntity)
        .findOneByOrFail({ deadLetterId: letter.id });
      await this.options.onAction?.(manager, row, letter);
      return row;
    });
  }

  private async handledIds(ids: string[]): Promise<Set<string>> {
    const rows: { dead_letter_id: string }[] = await this.dataSource.query(
      'SELECT dead_letter_id FROM dead_letter_actions WHERE dead_letter_id = ANY($1::text[])',
      [ids],
    );
    return new Set(rows.map((row) => row.dead_letter_id));
  }
}

function isAlreadyHandled(error: unknown): boolean {
  return error instanceof DomainError && error.message === DeadLetterMessages.alreadyHandled;
}

function isDeadLetterId(id: string): boolean {
  const match = /^(.+):(\d+):(\d+)$/.exec(id);
  return !!match && isDeadLetterTopic(match[1]!);
}

const DEAD_LETTER_ATTRIBUTES = [
  'deadlettertopic',
  'deadlettergroup',
  'deadlettererror',
  'deadletterattempts',
  'deadlettertime',
];

/** The stored message as an operator reads it; a foreign value is shown whole. */
function toDeadLetter(stored: StoredDeadLetter): DeadLetter {
  const value =
    stored.value !== null && typeof stored.value === 'object' && !Array.isArray(stored.value)
      ? (stored.value as Record<string, unknown>)
      : { data: stored.value };
  const event = Object.fromEntries(
    Object.entries(value).filter(([name]) => !DEAD_LETTER_ATTRIBUTES.includes(name)),
  );
  const dlqTopic = stored.id.slice(0, stored.id.indexOf('.dlq:') + 4);
  return {
    id: stored.id,
    topic: text(value['deadlettertopic']) || dlqTopic.slice(0, -'.dlq'.length),
    group: text(value['deadlettergroup']),
    error: text(value['deadlettererror']),
    attempts: typeof value['deadletterattempts'] === 'number' ? value['deadletterattempts'] : 0,
    deadLetteredAt: text(value['deadlettertime']),
    key: stored.key,
    event,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
