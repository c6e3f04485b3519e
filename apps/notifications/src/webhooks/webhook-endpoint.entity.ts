import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An HTTPS endpoint an admin registered for some event types. Its secret signs every delivery
 * (HMAC-SHA256, Standard Webhooks); it is shown once, when the endpoint is created.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_endpoints' })
  id!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ name: 'event_types', type: 'text', array: true })
  eventTypes!: string[];

  /** `whsec_` and 32 random bytes in base64, as Standard Webhooks libraries expect. */
  @Column({ type: 'varchar', length: 100 })
  secret!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
