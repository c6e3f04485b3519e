import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { EventEnvelope } from '@jibs/events';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/**
 * One event owed to one endpoint: recorded in the consumer's transaction (once per event and
 * endpoint, however often the event is redelivered), then sent, retried with backoff, and
 * replayable by an admin. The body sent is the event's CloudEvents envelope.
 */
@Entity({ name: 'webhook_deliveries' })
@Unique('UQ_webhook_deliveries_endpoint_event', ['endpointId', 'eventId'])
@Index('IDX_webhook_deliveries_due', ['nextAttemptAt'], { where: `"status" = 'pending'` })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_deliveries' })
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @ManyToOne(() => WebhookEndpointEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'FK_webhook_deliveries_endpoint' })
  endpoint?: WebhookEndpointEntity;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ type: 'jsonb' })
  envelope!: EventEnvelope;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** While `sending`: when the claim lapses (a crashed sender's delivery is taken again). */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
