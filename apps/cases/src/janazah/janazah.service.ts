import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import {
  DomainError,
  fieldErrorsOf,
  isUuid,
  janazahCancelReasonSchema,
  janazahNoticeSchema,
  JanazahMessages,
  JANAZAH_RECENT_DAYS,
  MAX_NEXT_JANAZAH_NOTICES,
  ReviewStatus,
  Role,
  type JanazahNoticeValues,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { CasesMessages } from '../death-reports/death-reports.service';
import { JanazahSettingsService } from '../settings/janazah-settings.service';
import { JanazahAttendanceEntity } from './janazah-attendance.entity';
import { JanazahNoticeEntity } from './janazah-notice.entity';
import type { JanazahViewerFacts } from './janazah-notice.model';

/** A notice with what this caller may know beside it. */
export interface SeenNotice {
  notice: JanazahNoticeEntity;
  facts: JanazahViewerFacts;
}

const isAdmin = (user: AuthUser | null) => user?.role === Role.ADMIN;

/** The row as the audit trail keeps it. */
const snapshot = (row: JanazahNoticeEntity) => ({
  deceasedName: row.deceasedName,
  prayerAt: row.prayerAt.toISOString(),
  timeZone: row.timeZone,
  masjidName: row.masjidName,
  masjidAddress: row.masjidAddress,
  burialPlace: row.burialPlace,
  familyContact: row.familyContact,
  visibility: row.visibility,
  note: row.note,
  status: row.status,
  cancelReason: row.cancelReason,
  sequence: row.sequence,
});

/** What every message to the community states (never the members-only family contact). */
const announced = (row: JanazahNoticeEntity) => ({
  noticeId: row.id,
  reportId: row.reportId,
  userId: row.userId,
  deceasedName: row.deceasedName,
  prayerAt: row.prayerAt.toISOString(),
  timeZone: row.timeZone,
  masjidName: row.masjidName,
  masjidAddress: row.masjidAddress,
  burialPlace: row.burialPlace,
  note: row.note,
  visibility: row.visibility,
});

/**
 * Janazah notices (issue 24): published for an approved report by an admin, or by the reporting
 * member when the site allows it; edited until the prayer time; cancelled with a reason. Each
 * change, its audit entry and its `janazah.*` event are one transaction. Readers: visitors see
 * public notices, registered members and admins all of them (`viewer` is null for a visitor and
 * for a signed-in user who has not completed registration).
 */
@Injectable()
export class JanazahService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly settings: JanazahSettingsService,
  ) {}

  async publish(actor: AuthUser, reportId: string, input: unknown): Promise<SeenNotice> {
    if (!isUuid(reportId)) throw DomainError.notFound(CasesMessages.reportNotFound);
    return this.dataSource.transaction(async (manager) => {
      // Locked, so two publishes for one report are one after the other: the second finds the first.
      const report = await manager.findOne(DeathReportEntity, {
        where: { id: reportId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!report || (!isAdmin(actor) && report.userId !== actor.id))
        throw DomainError.notFound(CasesMessages.reportNotFound);
      await this.mayChange(manager, actor);
      const valid = this.valid(input);
      if (report.status !== ReviewStatus.APPROVED)
        throw DomainError.conflict(JanazahMessages.reportNotApproved);
      const active = await manager.findOneBy(JanazahNoticeEntity, { reportId, status: 'active' });
      if (active) throw DomainError.conflict(JanazahMessages.alreadyPublished);
      const row = await manager.save(
        manager.create(JanazahNoticeEntity, {
          ...valid,
          reportId,
          userId: report.userId,
          status: 'active',
          sequence: 0,
          publishedBy: actor.id,
          cancelReason: null,
          cancelledAt: null,
        }),
      );
      await recordAudit(this.events, manager, {
        actorId: actor.id,
        action: 'janazah_notice.published',
        subjectType: 'janazah_notice',
        subjectId: row.id,
        memberId: row.userId,
        before: null,
        after: snapshot(row),
      });
      await this.events.publish(
        manager,
        'janazah.published',
        { ...announced(row), publishedBy: actor.id },
        { subject: row.id },
      );
      return this.seen(manager, row, actor);
    });
  }

  /** Every field replaced, before the prayer time only; `sequence` rises by one. */
  async edit(actor: AuthUser, id: string, input: unknown): Promise<SeenNotice> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.changeable(manager, actor, id);
      const valid = this.valid(input);
      const before = snapshot(row);
      Object.assign(row, valid, { sequence: row.sequence + 1 });
      const saved = await manager.save(row);
      await recordAudit(this.events, manager, {
        actorId: actor.id,
        action: 'janazah_notice.updated',
        subjectType: 'janazah_notice',
        subjectId: row.id,
        memberId: row.userId,
        before,
        after: snapshot(saved),
      });
      await this.events.publish(
        manager,
        'janazah.updated',
        { ...announced(saved), sequence: saved.sequence, updatedBy: actor.id },
        { subject: saved.id },
      );
      return this.seen(manager, saved, actor);
    });
  }

  /** Cancelled with a reason, before the prayer time only; the notice stays, marked cancelled. */
  async cancel(actor: AuthUser, id: string, reason: unknown): Promise<SeenNotice> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.changeable(manager, actor, id);
      const parsed = janazahCancelReasonSchema.safeParse(reason ?? '');
      if (!parsed.success) throw DomainError.badInput({ reason: parsed.error.issues[0]!.message });
      const before = snapshot(row);
      Object.assign(row, {
        status: 'cancelled',
        cancelReason: parsed.data,
        cancelledAt: new Date(),
        sequence: row.sequence + 1,
      });
      const saved = await manager.save(row);
      await recordAudit(this.events, manager, {
        actorId: actor.id,
        action: 'janazah_notice.cancelled',
        subjectType: 'janazah_notice',
        subjectId: row.id,
        memberId: row.userId,
        before,
        after: snapshot(saved),
      });
      await this.events.publish(
        manager,
        'janazah.cancelled',
        {
          noticeId: saved.id,
          reportId: saved.reportId,
          userId: saved.userId,
          deceasedName: saved.deceasedName,
          prayerAt: saved.prayerAt.toISOString(),
          timeZone: saved.timeZone,
          reason: parsed.data,
          sequence: saved.sequence,
          cancelledBy: actor.id,
        },
        { subject: saved.id },
      );
      return this.seen(manager, saved, actor);
    });
  }

  /**
   * /janazah: notices whose prayer is to come or was in the last JANAZAH_RECENT_DAYS days,
   * newest prayer first; visitors only the public ones.
   */
  async list(viewer: AuthUser | null): Promise<SeenNotice[]> {
    const since = new Date(Date.now() - JANAZAH_RECENT_DAYS * 86_400_000);
    const query = this.dataSource.manager
      .createQueryBuilder(JanazahNoticeEntity, 'notice')
      .where('notice.prayerAt >= :since', { since })
      .orderBy('notice.prayerAt', 'DESC')
      .addOrderBy('notice.id', 'DESC');
    if (!viewer) query.andWhere(`notice.visibility = 'public'`);
    return this.seenAll(this.dataSource.manager, await query.getMany(), viewer);
  }

  /** The landing page: the next active public notices, soonest first. */
  async nextPublic(limit: number): Promise<SeenNotice[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NEXT_JANAZAH_NOTICES)
      throw DomainError.badInput({ limit: JanazahMessages.limitOutOfRange });
    const rows = await this.dataSource.manager
      .createQueryBuilder(JanazahNoticeEntity, 'notice')
      .where(`notice.visibility = 'public' AND notice.status = 'active'`)
      .andWhere('notice.prayerAt > now()')
      .orderBy('notice.prayerAt', 'ASC')
      .addOrderBy('notice.id', 'ASC')
      .limit(limit)
      .getMany();
    return this.seenAll(this.dataSource.manager, rows, null);
  }

  /** One notice the viewer may see; NOT_FOUND otherwise (a visitor asking for a members' one). */
  async get(viewer: AuthUser | null, id: string): Promise<SeenNotice> {
    const row = await this.visible(this.dataSource.manager, viewer, id);
    return this.seen(this.dataSource.manager, row, viewer);
  }

  /** The active notice of each report (admins and the reporting member read it on the report). */
  async activeOf(reportIds: readonly string[], viewer: AuthUser): Promise<Map<string, SeenNotice>> {
    if (!reportIds.length) return new Map();
    const rows = await this.dataSource.manager
      .createQueryBuilder(JanazahNoticeEntity, 'notice')
      .where('notice.reportId IN (:...reportIds)', { reportIds })
      .andWhere(`notice.status = 'active'`)
      .getMany();
    const seen = await this.seenAll(this.dataSource.manager, rows, viewer);
    return new Map(seen.map((entry) => [entry.notice.reportId, entry]));
  }

  /** Whether this caller may publish for their own approved reports now. */
  async mayPublish(user: AuthUser): Promise<boolean> {
    return isAdmin(user) || (await this.settings.membersMayPublish());
  }

  /** 'I will attend': once per member however often it is said. */
  async attend(user: AuthUser, id: string): Promise<SeenNotice> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.visible(manager, user, id);
      this.stillOpen(row);
      await manager
        .createQueryBuilder()
        .insert()
        .into(JanazahAttendanceEntity)
        .values({ noticeId: row.id, userId: user.id })
        .orIgnore()
        .execute();
      return this.seen(manager, row, user);
    });
  }

  async unattend(user: AuthUser, id: string): Promise<SeenNotice> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.visible(manager, user, id);
      await manager.delete(JanazahAttendanceEntity, { noticeId: row.id, userId: user.id });
      return this.seen(manager, row, user);
    });
  }

  /** Admins: who said they will attend each notice, earliest first; one query for all. */
  attendees(noticeIds: readonly string[]): Promise<JanazahAttendanceEntity[]> {
    return this.dataSource.manager.find(JanazahAttendanceEntity, {
      where: { noticeId: In([...noticeIds]) },
      order: { createdAt: 'ASC', userId: 'ASC' },
    });
  }

  private valid(input: unknown): JanazahNoticeValues {
    const parsed = janazahNoticeSchema(new Date()).safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    return parsed.data;
  }

  /** Admins always; the reporting member only while the site allows members to publish. */
  private async mayChange(manager: EntityManager, actor: AuthUser): Promise<void> {
    if (isAdmin(actor)) return;
    if (!(await this.settings.membersMayPublish(manager)))
      throw DomainError.forbidden(JanazahMessages.membersMayNotPublish);
  }

  /** The notice locked for a change by this actor, still active and before its prayer. */
  private async changeable(
    manager: EntityManager,
    actor: AuthUser,
    id: string,
  ): Promise<JanazahNoticeEntity> {
    const row = isUuid(id)
      ? await manager.findOne(JanazahNoticeEntity, {
          where: { id },
          lock: { mode: 'pessimistic_write' },
        })
      : null;
    if (!row) throw DomainError.notFound(JanazahMessages.noticeNotFound);
    if (!isAdmin(actor)) {
      // Another member may read the notice but never change it.
      if (row.userId !== actor.id) throw DomainError.forbidden();
      await this.mayChange(manager, actor);
    }
    this.stillOpen(row);
    return row;
  }

  private stillOpen(row: JanazahNoticeEntity): void {
    if (row.status === 'cancelled') throw DomainError.conflict(JanazahMessages.noticeCancelled);
    if (row.prayerAt.getTime() <= Date.now())
      throw DomainError.conflict(JanazahMessages.prayerTimePassed);
  }

  private async visible(
    manager: EntityManager,
    viewer: AuthUser | null,
    id: string,
  ): Promise<JanazahNoticeEntity> {
    const row = isUuid(id) ? await manager.findOneBy(JanazahNoticeEntity, { id }) : null;
    if (!row || (!viewer && row.visibility !== 'public'))
      throw DomainError.notFound(JanazahMessages.noticeNotFound);
    return row;
  }

  private async seen(
    manager: EntityManager,
    row: JanazahNoticeEntity,
    viewer: AuthUser | null,
  ): Promise<SeenNotice> {
    return (await this.seenAll(manager, [row], viewer))[0]!;
  }

  /** The counts and the caller's own answer for every notice, in one query. */
  private async seenAll(
    manager: EntityManager,
    rows: JanazahNoticeEntity[],
    viewer: AuthUser | null,
  ): Promise<SeenNotice[]> {
    if (!rows.length) return [];
    const counts = (await manager.query(
      `SELECT notice_id AS id, count(*)::int AS count,
              bool_or(user_id = $2::uuid) AS mine
         FROM janazah_attendance WHERE notice_id = ANY($1::uuid[]) GROUP BY notice_id`,
      [rows.map((row) => row.id), viewer?.id ?? null],
    )) as { id: string; count: number; mine: boolean | null }[];
    const byId = new Map(counts.map((entry) => [entry.id, entry]));
    return rows.map((notice) => ({
      notice,
      facts: {
        member: viewer !== null,
        attendeeCount: byId.get(notice.id)?.count ?? 0,
        attending: viewer !== null && byId.get(notice.id)?.mine === true,
      },
    }));
  }
}
