import { Column, Entity, PrimaryColumn, type EntityManager } from 'typeorm';

/** The admin handling a case ("assign to me", or the reviewer when nobody took it before). */
@Entity({ name: 'case_handlers' })
export class CaseHandlerEntity {
  @PrimaryColumn({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @Column({ name: 'admin_id', type: 'uuid' })
  adminId!: string;

  @Column({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt!: Date;
}

/** The reviewer handles a case nobody took before the review (in the review's transaction). */
export async function adoptReviewer(
  manager: EntityManager,
  reportId: string,
  adminId: string,
  at: Date,
): Promise<void> {
  await manager.query(
    `INSERT INTO case_handlers (report_id, admin_id, assigned_at) VALUES ($1, $2, $3)
     ON CONFLICT (report_id) DO NOTHING`,
    [reportId, adminId, at],
  );
}
