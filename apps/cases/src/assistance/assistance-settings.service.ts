import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_SETTINGS,
  EXPENSE_CATEGORIES,
  type AssistanceSettings,
  type ExpenseCategory,
  type SiteSettingsValues,
} from '@jibs/domain';
import { AssistanceSettingsEntity } from './assistance-settings.entity';

const SITE = 'site';
const whole = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
const categories = (value: unknown, fallback: ExpenseCategory[]): ExpenseCategory[] =>
  Array.isArray(value) &&
  value.every((item) => (EXPENSE_CATEGORIES as readonly unknown[]).includes(item))
    ? (value as ExpenseCategory[])
    : fallback;

const defaults = (): AssistanceSettings => ({
  waitingPeriodDays: DEFAULT_SETTINGS.waitingPeriodDays,
  claimWindowDays: DEFAULT_SETTINGS.claimWindowDays,
  coverageLimit: DEFAULT_SETTINGS.coverageLimit,
  approvalThreshold: DEFAULT_SETTINGS.approvalThreshold,
  eligibleExpenseCategories: [...DEFAULT_SETTINGS.eligibleExpenseCategories],
  childAgeLimit: DEFAULT_SETTINGS.childAgeLimit,
});

/** The assistance settings cases applies: its copy of identity's, the defaults until one arrives. */
@Injectable()
export class AssistanceSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<AssistanceSettings> {
    const row = await manager.findOneBy(AssistanceSettingsEntity, { id: SITE });
    if (!row) return defaults();
    return {
      waitingPeriodDays: row.waitingPeriodDays,
      claimWindowDays: row.claimWindowDays,
      coverageLimit: row.coverageLimit,
      approvalThreshold: row.approvalThreshold,
      eligibleExpenseCategories: row.eligibleExpenseCategories as ExpenseCategory[],
      childAgeLimit: row.childAgeLimit,
    };
  }

  /** Keeps the newest published settings; an older event delivered late changes nothing. */
  async apply(
    manager: EntityManager,
    settings: Partial<SiteSettingsValues>,
    publishedAt: Date,
  ): Promise<void> {
    const existing = await manager.findOne(AssistanceSettingsEntity, {
      where: { id: SITE },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    const base = existing
      ? {
          ...existing,
          eligibleExpenseCategories: existing.eligibleExpenseCategories as ExpenseCategory[],
        }
      : defaults();
    await manager.save(AssistanceSettingsEntity, {
      id: SITE,
      waitingPeriodDays: whole(settings['waitingPeriodDays'], base.waitingPeriodDays),
      claimWindowDays: whole(settings['claimWindowDays'], base.claimWindowDays),
      coverageLimit: whole(settings['coverageLimit'], base.coverageLimit),
      approvalThreshold: whole(settings['approvalThreshold'], base.approvalThreshold),
      eligibleExpenseCategories: categories(
        settings['eligibleExpenseCategories'],
        base.eligibleExpenseCategories,
      ),
      childAgeLimit: whole(settings['childAgeLimit'], base.childAgeLimit),
      publishedAt,
    });
  }
}
