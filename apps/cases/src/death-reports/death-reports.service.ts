import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, type EntityManager } from 'typeorm';
import {
  adminNotesSchema,
  AssistanceMessages,
  DeceasedKind,
  deathReportSchema,
  DeathReportMessages,
  DomainError,
  fieldErrorsOf,
  latestDateOnEarth,
  ReviewStatus,
  isUuid,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { DeathReportEntity } from './death-report.entity';
import { ReviewDecision } from './review-enums';
import { CasesMessages, MAX_PAGE_SIZE } from './cases-messages';
import { EligibilityService } from '../assistance/eligibility.service';
import { ClaimsService } from '../claims/claims.service';

export { CasesMessages };

export interface DeathReportCounts {
  total: number;
  pending: number;
}

export interface DeathReportFilter {
  search?: string | null;
  status?: ReviewStatus | null;
  limit?: number | null;
  offset?: number | null;
}

/** The row as the audit trail keeps it (what a reviewer could change). */
const snapshot = (row: DeathReportEntity) => ({
  status: row.status,
  adminNotes: row.adminNotes,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/** Death reports: members submit and read their own; admins list and review them all. */
@Injectable()
export class DeathReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly eligibility: EligibilityService,
    private readonly claims: ClaimsService,
  ) {}

  /**
   * Validated on the server with the form's own schema; nothing is stored when it fails. Who died
   * (optional, someone else by default): a household member must be the member's own.
   */
  async submit(
    userId: string,
    input: { deceasedKind?: DeceasedKind | null; deceasedHouseholdMemberId?: string | null },
  ): Promise<DeathReportEntity> {
    const { deceasedKind, deceasedHouseholdMemberId, ...form } = input;
    const parsed = deathReportSchema(latestDateOnEarth()).safeParse(form);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const valid = parsed.data;
    const kind = deceasedKind ?? DeceasedKind.SOMEONE_ELSE;
    if (kind === DeceasedKind.HOUSEHOLD_MEMBER && !deceasedHouseholdMemberId)
      throw DomainError.badInput({
        deceasedHouseholdMemberId: AssistanceMessages.householdMemberRequired,
      });
    if (kind !== DeceasedKind.HOUSEHOLD_MEMBER && deceasedHouseholdMemberId)
      throw DomainError.badInput({
        deceasedHouseholdMemberId: AssistanceMessages.householdMemberOnlyWithKind,
      });
    return this.dataSource.transaction(async (manager) => {
      const person =
        kind === DeceasedKind.HOUSEHOLD_MEMBER
          ? await this.eligibility.ownHouseholdMember(userId, deceasedHouseholdMemberId!, manager)
          : null;
      const row = await manager.save(
        manager.create(DeathReportEntity, {
          userId,
          deceasedName: valid.deceasedName,
          dateOfDeath: valid.dateOfDeath,
          placeOfDeath: valid.placeOfDeath,
          relationshipToDeceased: valid.relationshipToDeceased,
          additionalNotes: valid.additionalNotes,
          deceasedKind: kind,
          deceasedMemberId: person?.memberId ?? null,
          windowOverride: false,
          status: ReviewStatus.PENDING,
          adminNotes: null,
          reviewedBy: null,
          reviewedAt: null,
        }),
      );
      await this.events.publish(
        manager,
        'report.submitted',
        { reportId: row.id, userId, relationship: row.relationshipToDeceased },
        { subject: userId },
      );
      return row;
    });
  }

  /** The member's own reports, newest first. */
  listOwn(userId: string): Promise<DeathReportEntity[]> {
    return this.dataSource.manager.find(DeathReportEntity, {
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  countsOwn(userId: string): Promise<DeathReportCounts> {
    return this.counts(userId);
  }

  /** Own report by id; another member's (or no) report is not found. */
  async own(userId: string, id: string): Promise<DeathReportEntity> {
    const row = isUuid(id)
      ? await this.dataSource.manager.findOneBy(DeathReportEntity, { id, userId })
      : null;
    if (!row) throw DomainError.notFound(CasesMessages.reportNotFound);
    return row;
  }

  /** Admins: any report by id. */
  async any(id: string): Promise<DeathReportEntity> {
    const row = isUuid(id)
      ? await this.dataSource.manager.findOneBy(DeathReportEntity, { id })
      : null;
    if (!row) throw DomainError.notFound(CasesMessages.reportNotFound);
    return row;
  }

  /** Admins: every report, newest first; search matches the deceased's name or the relationship. */
  async list(filter: DeathReportFilter): Promise<DeathReportEntity[]> {
    const limit = filter.limit ?? 50;
    const offset = filter.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
      throw DomainError.badInput({ limit: CasesMessages.limitOutOfRange });
    if (!Number.isInteger(offset) || offset < 0)
      throw DomainError.badInput({ offset: CasesMessages.offsetOutOfRange });
    const query = this.dataSource.manager
      .createQueryBuilder(DeathReportEntity, 'report')
      .orderBy('report.createdAt', 'DESC')
      .addOrderBy('report.id', 'DESC')
      .limit(limit)
      .offset(offset);
    if (filter.status) query.andWhere('report.status = :status', { status: filter.status });
    const search = filter.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere(
        new Brackets((where) =>
          where
            .where('report.deceasedName ILIKE :pattern', { pattern })
            .orWhere('report.relationshipToDeceased ILIKE :pattern', { pattern }),
        ),
      );
    }
    return query.getMany();
  }

  /** Admins: all reports and the pending ones. */
  stats(): Promise<DeathReportCounts> {
    return this.counts();
  }

  /**
   * Admins: approve or reject a pending report. The row is locked, so of two concurrent reviews
   * one wins and the other finds it reviewed. The decision, its audit entry and its event are
   * one transaction.
   */
  async review(
    adminId: string,
    id: string,
    decision: ReviewDecision,
    adminNotes: string | null | undefined,
  ): Promise<DeathReportEntity> {
    const notes = adminNotesSchema.safeParse(adminNotes ?? '');
    if (!notes.success) throw DomainError.badInput({ adminNotes: notes.error.issues[0]!.message });
    if (!isUuid(id)) throw DomainError.notFound(CasesMessages.reportNotFound);
    const status =
      decision === ReviewDecision.APPROVED ? ReviewStatus.APPROVED : ReviewStatus.REJECTED;
    const note =
      status === ReviewStatus.REJECTED && !notes.data
        ? DeathReportMessages.defaultRejectionNote
        : notes.data;
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lock(manager, id);
      if (row.status !== ReviewStatus.PENDING)
        throw DomainError.conflict(DeathReportMessages.notPending);
      const before = snapshot(row);
      row.status = status;
      row.adminNotes = note;
      row.reviewedBy = adminId;
      row.reviewedAt = new Date();
      const saved = await manager.save(row);
      // An approval is kept beside the assessment it was taken against (an admin may decide
      // otherwise, and the note says why).
      const after =
        status === ReviewStatus.APPROVED
          ? {
              ...snapshot(saved),
              assessedCovered: (await this.eligibility.assess(saved, manager)).covered,
            }
          : snapshot(saved);
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: `death_report.${status}`,
        subjectType: 'death_report',
        subjectId: row.id,
        memberId: row.userId,
        before,
        after,
      });
      await this.events.publish(
        manager,
        'report.reviewed',
        {
          reportId: row.id,
          userId: row.userId,
          status: status === ReviewStatus.APPROVED ? 'approved' : 'rejected',
          adminNotes: note,
          reviewedBy: adminId,
        },
        { subject: row.userId },
      );
      if (status === ReviewStatus.APPROVED) await this.claims.publish(manager, saved);
      return saved;
    });
  }

  private async lock(manager: EntityManager, id: string): Promise<DeathReportEntity> {
    const row = await manager.findOne(DeathReportEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) throw DomainError.notFound(CasesMessages.reportNotFound);
    return row;
  }

  private async counts(userId?: string): Promise<DeathReportCounts> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = $1)::int AS pending
         FROM death_reports WHERE ($2::uuid IS NULL OR user_id = $2)`,
      [ReviewStatus.PENDING, userId ?? null],
    )) as DeathReportCounts[];
    return { total: row!.total, pending: row!.pending };
  }
}
