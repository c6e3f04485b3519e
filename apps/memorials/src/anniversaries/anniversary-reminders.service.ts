import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import {
  ANNIVERSARY_CALENDARS,
  AnniversaryMessages,
  DomainError,
  dueAnniversary,
  nextAnniversary,
  Role,
  type Anniversary,
  type AnniversaryCalendar,
  type MemorialPrivacyLevel,
} from '@jibs/domain';
import { EventPublisher, type PublishRequest } from '@jibs/events';
import { LOGGER, type Logger } from '@jibs/observability';
import { MemorialAccess } from '../access/memorial-access.service';
import { mayOnMemorial, relationTo } from '../access/memorial-policy';
import type { MemorialEntity } from '../memorials/memorial.entity';
import { AnniversaryReminderEntity } from './anniversary-reminder.entity';

/** The caller's reminder in one calendar: the next anniversary, and whether it is on. */
export interface ReminderState {
  anniversary: Anniversary;
  enabled: boolean;
}

/** A reminder that is on, with what deciding and sending it needs of its memorial. */
interface ReminderRow {
  memorial_id: string;
  user_id: string;
  calendar: AnniversaryCalendar;
  death_date: string;
  full_name: string;
  created_by: string;
  privacy_level: MemorialPrivacyLevel;
  can_edit: boolean | null;
}

/** Today's date in UTC, the day reminders are decided by. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Anniversary reminders (issue 24): who may turn them on (the memorial policy's `remind`: the
 * creator and connected family), and the daily sending. Each reminder is recorded in
 * `anniversary_reminders_sent` under its key (memorial, member, calendar, year in that calendar)
 * in the transaction that writes its event to the outbox, so a run on two replicas at once, a
 * run retried after a crash and the next hour's run all send it once.
 */
@Injectable()
export class AnniversaryRemindersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MemorialAccess,
    private readonly publisher: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The caller's reminders of a memorial, one per calendar. */
  async mine(
    caller: AuthUser,
    memorialId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReminderState[]> {
    const { memorial } = await this.access.require(caller, memorialId, 'remind', { manager });
    const deathDate = requireDeathDate(memorial);
    const on = await manager.findBy(AnniversaryReminderEntity, {
      memorialId: memorial.id,
      userId: caller.id,
    });
    const today = todayUtc();
    return ANNIVERSARY_CALENDARS.map((calendar) => ({
      anniversary: nextAnniversary(deathDate, calendar, today),
      enabled: on.some((row) => row.calendar === calendar),
    }));
  }

  /** Turns the caller's reminder in one calendar on or off; the caller's reminders after. */
  async set(
    caller: AuthUser,
    memorialId: string,
    calendar: string,
    enabled: boolean,
  ): Promise<ReminderState[]> {
    return this.dataSource.transaction(async (manager) => {
      const { memorial } = await this.access.require(caller, memorialId, 'remind', { manager });
      requireDeathDate(memorial);
      if (!isCalendar(calendar)) {
        throw DomainError.badInput({ calendar: AnniversaryMessages.unknownCalendar });
      }
      if (enabled) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(AnniversaryReminderEntity)
          .values({ memorialId: memorial.id, userId: caller.id, calendar })
          .orIgnore()
          .execute();
      } else {
        await manager.delete(AnniversaryReminderEntity, {
          memorialId: memorial.id,
          userId: caller.id,
          calendar,
        });
      }
      return this.mine(caller, memorial.id, manager);
    });
  }

  /**
   * Sends every reminder due on `today` (the anniversary tomorrow, or today when a day was
   * missed) to members who may still have it (a connection removed, a memorial deactivated or
   * its death date cleared: none), `batchSize` per transaction. Returns how many this run sent.
   */
  async sendDue(today: string = todayUtc(), { batchSize = 100 } = {}): Promise<number> {
    const rows: ReminderRow[] = await this.dataSource.query(
      `SELECT r.memorial_id, r.user_id, r.calendar, to_char(m.death_date, 'YYYY-MM-DD') AS death_date,
              m.full_name, m.created_by, m.privacy_level, c.can_edit
         FROM anniversary_reminders r
         JOIN memorial_pages m ON m.id = r.memorial_id AND m.is_active AND m.death_date IS NOT NULL
         LEFT JOIN memorial_connections c ON c.memorial_id = r.memorial_id AND c.user_id = r.user_id
        ORDER BY r.memorial_id, r.user_id, r.calendar`,
    );
    const due = rows.flatMap((row) => {
      if (!mayRemind(row)) return [];
      const anniversary = dueAnniversary(row.death_date, row.calendar, today);
      return anniversary ? [{ row, anniversary }] : [];
    });
    let sent = 0;
    for (let start = 0; start < due.length; start += batchSize) {
      const batch = due.slice(start, start + batchSize);
      sent += await this.dataSource.transaction(async (manager) => {
        const recorded: { memorial_id: string; user_id: string; calendar: string }[] =
          await manager.query(
            `INSERT INTO anniversary_reminders_sent (memorial_id, user_id, calendar, year, anniversary_date)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::int[], $5::date[])
             ON CONFLICT DO NOTHING
             RETURNING memorial_id, user_id, calendar`,
            [
              batch.map(({ row }) => row.memorial_id),
              batch.map(({ row }) => row.user_id),
              batch.map(({ row }) => row.calendar),
              batch.map(({ anniversary }) => anniversary.year),
              batch.map(({ anniversary }) => anniversary.date),
            ],
          );
        const key = (memorialId: string, userId: string, calendar: string) =>
          `${memorialId}/${userId}/${calendar}`;
        const fresh = new Set(recorded.map((r) => key(r.memorial_id, r.user_id, r.calendar)));
        const events: PublishRequest[] = batch
          .filter(({ row }) => fresh.has(key(row.memorial_id, row.user_id, row.calendar)))
          .map(({ row, anniversary }) => ({
            type: 'memorial.anniversary_due',
            subject: row.memorial_id,
            data: {
              memorialId: row.memorial_id,
              memorialName: row.full_name,
              userId: row.user_id,
              calendar: anniversary.calendar,
              anniversaryDate: anniversary.date,
              year: anniversary.year,
            },
          }));
        if (events.length) await this.publisher.publishAll(manager, events);
        return events.length;
      });
    }
    if (sent) this.logger.info({ sent, today }, 'sent anniversary reminders');
    return sent;
  }
}

function isCalendar(value: string): value is AnniversaryCalendar {
  return (ANNIVERSARY_CALENDARS as readonly string[]).includes(value);
}

function requireDeathDate(memorial: MemorialEntity): string {
  if (!memorial.deathDate) {
    throw DomainError.badInput({ memorialId: AnniversaryMessages.noDeathDate });
  }
  return memorial.deathDate;
}

/** Whether the member may still have the reminder, by the memorial policy. */
function mayRemind(row: ReminderRow): boolean {
  const relation = relationTo(
    { id: row.user_id, role: Role.MEMBER },
    { createdBy: row.created_by, privacyLevel: row.privacy_level, isActive: true },
    row.can_edit === null ? null : { canEdit: row.can_edit },
  );
  return mayOnMemorial(relation, { privacyLevel: row.privacy_level, isActive: true }, 'remind');
}
