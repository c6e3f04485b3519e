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
import { CaseChecklistTickEntity } from './case-page/case-checklist-tick.entity';
import { CaseChecklistService } from './case-page/case-checklist.service';
import { CaseDocumentEntity } from './case-page/case-document.entity';
import { CaseDocumentsConsumer } from './case-page/case-documents.consumer';
import { CaseHandlerEntity } from './case-page/case-handler.entity';
import { CaseHandlingService } from './case-page/case-handling.service';
import { CasePageLoaders } from './case-page/case-page.loaders';
import { CasePageResolver } from './case-page/case-page.resolver';
import { CaseSettingsEntity } from './case-page/case-settings.entity';
import { CaseSettingsConsumer } from './case-page/case-settings.consumer';
import { CaseTimelineEntryEntity } from './case-page/case-timeline-entry.entity';
import { CaseTimelineConsumer } from './case-page/case-timeline.consumer';
import { CaseTimelineService } from './case-page/case-timeline.service';
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
    // The case page (timeline, checklist, handler, documents, the checklist setting's copy).
    CaseTimelineEntryEntity,
    CaseChecklistTickEntity,
    CaseHandlerEntity,
    CaseSettingsEntity,
    CaseDocumentEntity,
  ],
  migrations: casesMigrations,
  members: { names: true },
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
    CaseTimelineService,
    CaseChecklistService,
    CaseHandlingService,
    CasePageLoaders,
    CasePageResolver,
    CaseTimelineConsumer,
    CaseDocumentsConsumer,
    CaseSettingsConsumer,
  ],
});

export const casesEntities = casesService.entities;
