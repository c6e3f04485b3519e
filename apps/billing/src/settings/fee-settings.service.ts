import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_SETTINGS, type FeeSettings, type SiteSettingsValues } from '@jibs/domain';
import { FeeSettingsEntity } from './fee-settings.entity';

const SITE = 'site';
const cents = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

/** The fees billing charges: its copy of identity's settings, the defaults until one arrives. */
@Injectable()
export class FeeSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<FeeSettings> {
    const row = await manager.findOneBy(FeeSettingsEntity, { id: SITE });
    if (!row) {
      const { registrationFee, memberFee, monthlyDues } = DEFAULT_SETTINGS;
      return { registrationFee, memberFee, monthlyDues };
    }
    return {
      registrationFee: row.registrationFee,
      memberFee: row.memberFee,
      monthlyDues: row.monthlyDues,
    };
  }

  /** The payout limits (cents): the coverage limit per death and the two-person threshold. */
  async payoutLimits(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ coverageLimit: number; approvalThreshold: number }> {
    const row = await manager.findOneBy(FeeSettingsEntity, { id: SITE });
    return {
      coverageLimit: row?.coverageLimit ?? DEFAULT_SETTINGS.coverageLimit,
      approvalThreshold: row?.approvalThreshold ?? DEFAULT_SETTINGS.approvalThreshold,
    };
  }

  /** Keeps the newest published settings; an older event delivered late changes nothing. */
  async apply(
    manager: EntityManager,
    settings: Partial<SiteSettingsValues>,
    publishedAt: Date,
  ): Promise<void> {
    const existing = await manager.findOne(FeeSettingsEntity, {
      where: { id: SITE },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing && existing.publishedAt > publishedAt) return;
    const base = existing ?? DEFAULT_SETTINGS;
    await manager.save(FeeSettingsEntity, {
      id: SITE,
      registrationFee: cents(settings['registrationFee'], base.registrationFee),
      memberFee: cents(settings['memberFee'], base.memberFee),
      monthlyDues: cents(settings['monthlyDues'], base.monthlyDues),
      coverageLimit: cents(settings['coverageLimit'], base.coverageLimit),
      approvalThreshold: cents(settings['approvalThreshold'], base.approvalThreshold),
      publishedAt,
    });
  }
}
