import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Events a consumer group has applied, written in the same transaction as the effect, so a
 * redelivered event is recognised and skipped. Created by CreateEventTables1760000000000.
 */
@Entity({ name: 'inbox' })
export class InboxEntity {
  @PrimaryColumn({ name: 'consumer_group', type: 'text', primaryKeyConstraintName: 'PK_inbox' })
  consumerGroup!: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'PK_inbox' })
  eventId!: string;

  @CreateDateColumn({ name: 'handled_at', type: 'timestamptz' })
  handledAt!: Date;
}
