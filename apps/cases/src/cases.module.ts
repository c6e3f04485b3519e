import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { casesEnvSchema, type CasesConfig } from './cases.config';
import { DeathReportEntity } from './death-reports/death-report.entity';
import { CasesAnalyticsResolver } from './analytics/cases-analytics.resolver';
import { DeathReportsResolver } from './death-reports/death-reports.resolver';
import { DeathReportsService } from './death-reports/death-reports.service';
import { DeathReportsUserResolver } from './members/death-reports-user.resolver';
import { casesMigrations } from './migrations';
import { deathReportsExport } from './export/death-reports.export';
import { DeathReportJanazahResolver } from './janazah/death-report-janazah.resolver';
import { JanazahAttendanceEntity } from './janazah/janazah-attendance.entity';
import { JanazahNoticeEntity } from './janazah/janazah-notice.entity';
import { JanazahResolver } from './janazah/janazah.resolver';
import { JanazahService } from './janazah/janazah.service';
import { JanazahSettingsEntity } from './settings/janazah-settings.entity';
import { JanazahSettingsService } from './settings/janazah-settings.service';
import { SettingsConsumer } from './settings/settings.consumer';
import { DeathReportsRestoreResolver } from './export/death-reports-restore.resolver';
import { DeathReportsRestoreService } from './export/death-reports-restore.service';

/** Death reports: members submit them, admins review them; janazah notices for approved ones. */
export const casesService = defineService<CasesConfig>({
  name: 'cases',
  envSchema: casesEnvSchema,
  entities: [
    DeathReportEntity,
    AuditEntryEntity,
    JanazahNoticeEntity,
    JanazahAttendanceEntity,
    JanazahSettingsEntity,
  ],
  migrations: casesMigrations,
  members: {},
  exports: [deathReportsExport],
  providers: () => [
    DeathReportsService,
    DeathReportsResolver,
    DeathReportsUserResolver,
    CasesAnalyticsResolver,
    DeathReportsRestoreService,
    DeathReportsRestoreResolver,
    JanazahSettingsService,
    SettingsConsumer,
    JanazahService,
    JanazahResolver,
    DeathReportJanazahResolver,
  ],
});

export const casesEntities = casesService.entities;
