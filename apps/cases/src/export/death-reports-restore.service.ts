import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  deathReportSchema,
  DomainError,
  fieldErrorsOf,
  isUuid,
  latestDateOnEarth,
  ReviewStatus,
  type FieldErrors,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import type { RestoreDeathReportInput } from './restore-death-report.input';

/** The most reports one restore takes (a backup holds one member's own reports). */
export const MAX_RESTORED_REPORTS = 500;

export const RestoreMessages = {
  tooMany: `A backup can restore at most ${MAX_RESTORED_REPORTS} death reports`,
  badId: 'This report id is not valid',
  duplicateId: 'This report appears twice in the backup',
} as const;

/**
 * Restores a member's death reports from their backup: each report whose id is missing is
 * re-created under that id, as a new submission would be (pending, no review, created now,
 * `report.submitted` published so admins review it). A report that exists is left alone, whether
 * it is the member's own (restoring twice restores nothing the second time) or, in a forged
 * backup, another member's id (never written, never revealed). Statuses and review fields are
 * never taken from a backup. The whole backup is checked first: one bad report and nothing is
 * written.
 */
@Injectable()
export class DeathReportsRestoreService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async restore(userId: string, reports: readonly RestoreDeathReportInput[]): Promise<number> {
    if (reports.length > MAX_RESTORED_REPORTS) {
      throw DomainError.badInput({ reports: RestoreMessages.tooMany });
    }
    const schema = deathReportSchema(latestDateOnEarth());
    const seen = new Set<string>();
    const valid = reports.map((report, index) => {
      const problems: FieldErrors = {};
      if (!isUuid(report.id)) problems[`reports.${index}.id`] = RestoreMessages.badId;
      else if (seen.has(report.id.toLowerCase()))
        problems[`reports.${index}.id`] = RestoreMessages.duplicateId;
      seen.add(report.id.toLowerCase());
      const parsed = schema.safeParse({
        deceasedName: report.deceasedName,
        dateOfDeath: report.dateOfDeath,
        placeOfDeath: report.placeOfDeath,
        relationshipToDeceased: report.relationshipToDeceased,
        additionalNotes: report.additionalNotes ?? null,
      });
      if (!parsed.success) {
        for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error)))
          problems[`reports.${index}.${field}`] = message;
      }
      if (Object.keys(problems).length > 0 || !parsed.success) throw DomainError.badInput(problems);
      return { id: report.id.toLowerCase(), ...parsed.data };
    });
    if (valid.length === 0) return 0;

    return this.dataSource.transaction(async (manager) => {
      let restored = 0;
      for (const report of valid) {
        const inserted: { id: string }[] = await manager.query(
          `INSERT INTO death_reports (id, user_id, deceased_name, date_of_death, place_of_death, relationship_to_deceased, additional_notes, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            report.id,
            userId,
            report.deceasedName,
            report.dateOfDeath,
            report.placeOfDeath,
            report.relationshipToDeceased,
            report.additionalNotes,
            ReviewStatus.PENDING,
          ],
        );
        if (inserted.length === 0) continue;
        restored += 1;
        await this.events.publish(
          manager,
          'report.submitted',
          { reportId: report.id, userId, relationship: report.relationshipToDeceased },
          { subject: userId },
        );
      }
      return restored;
    });
  }
}
