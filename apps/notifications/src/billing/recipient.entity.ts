import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where a member's receipts go: learned from `user.registered` (identity owns the account). */
@Entity({ name: 'recipients' })
export class RecipientEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
