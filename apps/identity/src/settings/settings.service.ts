import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EventPublisher } from '@jibs/events';
import {
  DEFAULT_SETTINGS,
  DomainError,
  Role,
  fieldErrorsOf,
  updateSettingsSchema,
  type SettingKey,
  type ExpenseCategory,
  type SiteSettingsValues,
} from '@jibs/domain';
import { recordAudit } from '@jibs/subgraph';
import { AccountEntity } from '../accounts/account.entity';
import { SiteSettingsEntity } from './site-settings.entity';

export const SETTINGS_ROW = 1;
/** The event key of settings.updated: there is one site. */
export const SETTINGS_EVENT_KEY = 'site';

export type StoredSettings = SiteSettingsValues & { updatedAt: Date };

function valuesOf(row: SiteSettingsEntity): StoredSettings {
  return {
    siteName: row.siteName,
    adminEmail: row.adminEmail,
    registrationFee: row.registrationFee,
    monthlyDues: row.monthlyDues,
    memberFee: row.memberFee,
    maxFileSizeMb: row.maxFileSizeMb,
    allowedFileTypes: row.allowedFileTypes,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    autoApproval: row.autoApproval,
    maintenanceMode: row.maintenanceMode,
    waitingPeriodDays: row.waitingPeriodDays,
    claimWindowDays: row.claimWindowDays,
    coverageLimit: row.coverageLimit,
    approvalThreshold: row.approvalThreshold,
    eligibleExpenseCategories: row.eligibleExpenseCategories as ExpenseCategory[],
    childAgeLimit: row.childAgeLimit,
    membersMayPublishJanazah: row.membersMayPublishJanazah,
    caseChecklist: row.caseChecklist,
    updatedAt: row.updatedAt,
  };
}

/** The site's settings, owned here; other services learn them from `settings.updated`. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<StoredSettings> {
    const row = await manager.findOne(SiteSettingsEntity, { where: { id: SETTINGS_ROW } });
    // Seeded by a migration and never deleted: its absence is a broken database, not input.
    if (!row) throw new Error('site_settings has no row; were the migrations run?');
    return valuesOf(row);
  }

  /** An admin's change: validated, stored and published in one transaction. */
  async update(input: Record<string, unknown>, adminId: string): Promise<StoredSettings> {
    // A null in the form means "unchanged", like a field left out.
    const given = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
    );
    const parsed = updateSettingsSchema.safeParse(given);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    if (!Object.keys(parsed.data).length) return this.current();
    return this.dataSource.transaction(async (manager) => {
      const locked = await manager.findOne(SiteSettingsEntity, {
        where: { id: SETTINGS_ROW },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) throw new Error('site_settings has no row; were the migrations run?');
      const before = valuesOf(locked);
      await manager.update(
        SiteSettingsEntity,
        { id: SETTINGS_ROW },
        {
          ...parsed.data,
          updatedBy: adminId,
        },
      );
      const stored = await this.current(manager);
      const changed = (Object.keys(parsed.data) as (keyof SiteSettingsValues)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(stored[key]),
      );
      await this.publish(manager, stored, changed, adminId);
      // Every setting is safe to show other admins (no secrets live here); only what changed.
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: 'settings.updated',
        subjectType: 'settings',
        subjectId: SETTINGS_EVENT_KEY,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, stored[key]])),
      });
      return stored;
    });
  }

  /** Every administrator (a handful: one statement, no paging). */
  async admins(): Promise<{ id: string; email: string; fullName: string; createdAt: Date }[]> {
    const rows = await this.dataSource.getRepository(AccountEntity).find({
      where: { role: Role.ADMIN },
      select: { id: true, email: true, firstName: true, lastName: true, createdAt: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      fullName: `${row.firstName} ${row.lastName}`.trim(),
      createdAt: row.createdAt,
    }));
  }

  /**
   * The first admin's address replaces the placeholder admin email (contact forms go there),
   * unless an admin already chose one. A change by the system: updatedBy is null.
   */
  async adoptAdminEmail(manager: EntityManager, email: string): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(SiteSettingsEntity)
      .set({ adminEmail: email, updatedBy: null })
      .where('id = :id AND admin_email = :placeholder', {
        id: SETTINGS_ROW,
        placeholder: DEFAULT_SETTINGS.adminEmail,
      })
      .execute();
    if (result.affected) {
      await this.publish(manager, await this.current(manager), ['adminEmail'], null);
    }
  }

  /** Every setting as stored, and which of them this change altered. */
  private async publish(
    manager: EntityManager,
    stored: StoredSettings,
    changed: SettingKey[],
    updatedBy: string | null,
  ): Promise<void> {
    const { updatedAt: _updatedAt, ...settings } = stored;
    await this.events.publish(
      manager,
      'settings.updated',
      { settings, changed, updatedBy },
      { subject: SETTINGS_EVENT_KEY },
    );
  }
}
