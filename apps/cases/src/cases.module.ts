import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { casesEnvSchema, type CasesConfig } from './cases.config';
import { DeathReportEntity } from './death-reports/death-report.entity';
import { CasesAnalyticsResolver } from './analytics/cases-analytics.resolver';
import { DeathReportsResolver } from './death-reports/death-reports.resolver';
import { DeathReportsService } from './death-reports/death-reports.service';
import { DeathReportsUserResolver } from './members/death-reports-user.resolver';
import { casesMigrations } from './migrations';
import { deathReportsExport } from './export/death-reports.export';
import { DeathReportsRestoreResolver } from './export/death-reports-restore.resolver';
import { DeathReportsRestoreService } from './export/death-reports-restore.service';

/** Death reports: members submit them, admins review them. */
export const casesService = defineService<CasesConfig>({
  name: 'cases',
  envSchema: casesEnvSchema,
  entities: [DeathReportEntity, AuditEntryEntity],
  migrations: casesMigrations,
  members: {},
  exports: [deathReportsExport],
  // The fan-out benchmark and e2e tests publish janazah notices through it (only with
  // TEST_ROUTES: never deployed) until the notices' own mutations publish them.
  testEvents: ['janazah.published', 'janazah.updated', 'janazah.cancelled'],
  providers: () => [
    DeathReportsService,
    DeathReportsResolver,
    DeathReportsUserResolver,
    CasesAnalyticsResolver,
    DeathReportsRestoreService,
    DeathReportsRestoreResolver,
  ],
});

export const casesEntities = casesService.entities;
