import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const ORGANISATION_ROW = 1;

/** The organisation's name for receipts, learned from `settings.updated` (identity owns it). */
@Entity({ name: 'organisation' })
export class OrganisationEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
