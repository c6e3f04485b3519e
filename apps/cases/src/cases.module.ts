import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import type { CasesConfig } from './cases.config';
import { DeathReportEntity } from './death-reports/death-report.entity';
import { CasesAnalyticsResolver } from './analytics/cases-analytics.resolver';
import { DeathReportsResolver } from './death-reports/death-reports.resolver';
import { DeathReportsService } from './death-reports/death-reports.service';
import { DeathReportsUserResolver } from './members/death-reports-user.resolver';
import { casesMigrations } from './migrations';

/** Death reports: members submit them, admins review them. */
export const casesService = defineService<CasesConfig>({
  name: 'cases',
  entities: [DeathReportEntity, AuditEntryEntity],
  migrations: casesMigrations,
  providers: () => [
    DeathReportsService,
    DeathReportsResolver,
    DeathReportsUserResolver,
    CasesAnalyticsResolver,
  ],
});

export const casesEntities = casesService.entities;
