import { IdentityInitial1795314872744 } from './1795314872744-identity-initial';
import { IdentityOnboarding1795316546557 } from './1795316546557-identity-onboarding';
import { SeedSiteSettings1795316555298 } from './1795316555298-seed-site-settings';
import { SealTotpSecrets1795400000000 } from './1795400000000-seal-totp-secrets';
import { Revocations1795500000000 } from './1795500000000-revocations';
import { IdentityAuditEntries1795503950000 } from './1795503950000-audit-entries';
import { ThrottleCounters1795503960000 } from './1795503960000-throttle-counters';
import { SecondFactor1795752104289 } from './1795752104289-second-factor';
import { AssistanceSettings1795763700000 } from './1795763700000-assistance-settings';
import { MembersMayPublishJanazah1795763430057 } from './1795763430057-members-may-publish-janazah';
import { CaseChecklistSetting1795763628876 } from './1795763628876-case-checklist-setting';
import { MemberLanguage1795776158075 } from './1795776158075-member-language';

/** Its own (`defineService` adds the event tables'). New migrations are generated with `npm run migration:generate -- identity <Name>`. */
export const identityMigrations = [
  IdentityInitial1795314872744,
  IdentityOnboarding1795316546557,
  SeedSiteSettings1795316555298,
  SealTotpSecrets1795400000000,
  Revocations1795500000000,
  IdentityAuditEntries1795503950000,
  ThrottleCounters1795503960000,
  SecondFactor1795752104289,
  AssistanceSettings1795763700000,
  MembersMayPublishJanazah1795763430057,
  CaseChecklistSetting1795763628876,
  MemberLanguage1795776158075,
];
