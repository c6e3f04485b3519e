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

/**
 * Death reports: members submit them, admins review them; burial assistance's eligibility and
 * claims; janazah notices for approved ones.
 */
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
    AssistanceSettingsService,
    AssistanceFactsConsumer,
    EligibilityService,
    ClaimsService,
    ClaimsResolver,
    JanazahSettingsService,
    SettingsConsumer,
    JanazahService,
    JanazahResolver,
    DeathReportJanazahResolver,
  ],
});

export const casesEntities = casesService.entities;
