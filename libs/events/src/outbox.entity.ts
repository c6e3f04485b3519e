import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from './event-envelope';

/**
 * An event written in the same transaction as the state change it reports; the relay hands it
 * to the broker afterwards. Created by CreateEventTables1760000000000;
 * keyed by id and version since OutboxEventVersions1760000000001.
 */
@Entity({ name: 'outbox' })
@Index('IDX_outbox_unpublished', ['seq'], { where: '"published_at" IS NULL' })
export class OutboxEntity {
  /** The envelope id: one event, in each version it is published in. */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_outbox' })
  id!: string;

  /** The envelope's data version. */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_outbox' })
  version!: number;

  /** Insert order, which the relay publishes in. A bigint, so it reads as a string. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'jsonb' })
  envelope!: EventEnvelope;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
