import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type DeadLetterActionKind = 'replayed' | 'discarded';

/**
 * What an operator did with one of this service's dead letters: replayed it or discarded it,
 * who, when and why. A dead letter with a row here is no longer listed (Kafka cannot delete a
 * message, so the row is what hides it on both brokers). The dead letter's id is the key: a
 * second replay or discard of the same one, even concurrent, finds the row and does nothing.
 * Append-only; it is also the audit of these actions. Created by DeadLetterActions1795776009938.
 */
@Entity({ name: 'dead_letter_actions' })
export class DeadLetterActionEntity {
  /** The dead letter: `<topic>.dlq:<partition>:<offset>`. */
  @PrimaryColumn({
    name: 'dead_letter_id',
    type: 'text',
    primaryKeyConstraintName: 'PK_dead_letter_actions',
  })
  deadLetterId!: string;

  @Column({ type: 'varchar', length: 16 })
  action!: DeadLetterActionKind;

  /** The admin's user id, or `cli:<user>` for the command line. */
  @Column({ type: 'varchar', length: 128 })
  actor!: string;

  /** Required to discard; none for a replay. */
  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  /** The original topic. */
  @Column({ type: 'text' })
  topic!: string;

  /** The consumer group that gave up on it. */
  @Column({ name: 'consumer_group', type: 'text' })
  consumerGroup!: string;

  /** The original event's id, when it had one. */
  @Column({ name: 'event_id', type: 'text', nullable: true })
  eventId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
