import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The sandbox provider's own records (sessions, subscriptions): what Stripe would hold. */
@Entity({ name: 'sandbox_objects' })
export class SandboxObjectEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
