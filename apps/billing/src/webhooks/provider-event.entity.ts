import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Each verified provider event applied, so a redelivery is a no-op. */
@Entity({ name: 'provider_events' })
export class ProviderEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
