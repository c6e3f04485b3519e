import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { casesEnvSchema, type CasesConfig } from './cases.config';
import { DeathReportEntity } from './death-reports/death-report.entity';
import { CasesAnalyticsResolver } from './analytics/cases-analytics.resolver';
import { DeathReportsResolver } from './death-reports/death-reports.resolver';
import { DeathReportsService } from './death-reports/death-reports.service';
import { DeathReportsUserResolver } from './members/death-reports-user.resolver';
import { casesMigrations } from './migrations';
import { AssistanceFactsConsumer } from './assistance/assistance-facts.consumer';
import { AssistanceSettingsEntity } from './assistance/assistance-settings.entity';
import { AssistanceSettingsService } from './assistance/assistance-settings.service';
import { EligibilityService } from './assistance/eligibility.service';
import { HouseholdPersonEntity } from './assistance/household-person.entity';
import { MemberDocumentEntity } from './assistance/member-document.entity';
import { MemberPaymentEntity } from './assistance/member-payment.entity';
import { MembershipStatusChangeEntity } from './assistance/membership-status-change.entity';
import { ClaimLineEntity } from './claims/claim-line.entity';
import { ClaimsResolver } from './claims/claims.resolver';
import { ClaimsService } from './claims/claims.service';
import { deathReportsExport } from './export/death-reports.export';
import { DeathReportsRestoreResolver } from './export/death-reports-restore.resolver';
import { DeathReportsRestoreService } from './export/death-reports-restore.service';

/** Death reports: members submit them, admins review them; burial assistance's eligibility and claims. */
export const casesService = defineService<CasesConfig>({
  name: 'cases',
  envSchema: casesEnvSchema,
  entities: [
    DeathReportEntity,
    AuditEntryEntity,
    AssistanceSettingsEntity,
    HouseholdPersonEntity,
    MembershipStatusChangeEntity,
    MemberPaymentEntity,
    MemberDocumentEntity,
    ClaimLineEntity,
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
    AssistanceSettingsService,
    AssistanceFactsConsumer,
    EligibilityService,
    ClaimsService,
    ClaimsResolver,
  ],
});

export const casesEntities = casesService.entities;
