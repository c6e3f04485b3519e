import { randomBytes } from 'node:crypto';
import { RELATIONSHIPS_TO_DECEASED, type SettingKey, type SiteSettingsValues } from '@jibs/domain';
import { startSubgraph, TestSubgraph, type GqlBody, type TestUser } from '@jibs/testing';
import type { CasesConfig } from '../cases.config';
import { casesService } from '../cases.module';

export type { GqlBody, TestUser };

export const REPORT_FIELDS = `id deceasedName dateOfDeath placeOfDeath relationshipToDeceased
  additionalNotes status adminNotes reviewedAt createdAt updatedAt member { id }`;

/** A valid death report form, with any field replaced. */
export function aDeathReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deceasedName: `Abdullah ${randomBytes(3).toString('hex')}`,
    dateOfDeath: '2024-03-01',
    placeOfDeath: 'Dallas Medical Center',
    relationshipToDeceased: RELATIONSHIPS_TO_DECEASED[1],
    additionalNotes: 'Funeral on Friday after Jumuah.',
    ...overrides,
  };
}

export const NOTICE_FIELDS = `id reportId deceasedName prayerAt timeZone masjidName masjidAddress
  burialPlace familyContact visibility note status cancelReason sequence attendeeCount attending`;

/** A moment `hours` from now, as the form sends it (ISO with Z). */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

/** A valid janazah notice form, with any field replaced. */
export function aJanazahNotice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deceasedName: `Aminah ${randomBytes(3).toString('hex')}`,
    prayerAt: hoursFromNow(20),
    timeZone: 'America/Chicago',
    masjidName: 'Islamic Center of Irving',
    masjidAddress: '2555 Esters Rd, Irving, TX 75062',
    burialPlace: 'Restland Memorial Park, Dallas',
    familyContact: 'Brother Yusuf, (214) 555-0100',
    visibility: 'public',
    note: 'Please bring your own prayer mat.',
    ...overrides,
  };
}

/** The cases service under test, with what its tests repeat: submitting and reviewing. */
export class CasesHarness extends TestSubgraph<CasesConfig> {
  static start(): Promise<CasesHarness> {
    return startSubgraph(casesService, {}, CasesHarness);
  }

  /** Submits a valid report (with overrides) and returns it; fails the test on an error. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async submit(user: TestUser, overrides: Record<string, unknown> = {}): Promise<any> {
    const body = await this.gql(
      `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { ${REPORT_FIELDS} } }`,
      { input: aDeathReport(overrides) },
      user,
    );
    if (body.errors) throw new Error(`submitDeathReport failed: ${JSON.stringify(body.errors)}`);
    return body.data.submitDeathReport;
  }

  review(
    admin: TestUser | undefined,
    id: string,
    decision: 'APPROVED' | 'REJECTED',
    adminNotes?: string | null,
  ): Promise<GqlBody> {
    return this.gql(
      `mutation($id: ID!, $decision: ReviewDecision!, $adminNotes: String) {
        reviewDeathReport(id: $id, decision: $decision, adminNotes: $adminNotes) { ${REPORT_FIELDS} }
      }`,
      { id, decision, adminNotes },
      admin,
    );
  }

  /** A report by `member` that `admin` approved; its id. */
  async approvedReport(member: TestUser, admin: TestUser): Promise<string> {
    const report = await this.submit(member);
    const body = await this.review(admin, report.id, 'APPROVED');
    if (body.errors) throw new Error(`reviewDeathReport failed: ${JSON.stringify(body.errors)}`);
    return report.id;
  }

  publishNotice(
    actor: TestUser | undefined,
    reportId: string,
    overrides: Record<string, unknown> = {},
  ): Promise<GqlBody> {
    return this.gql(
      `mutation($reportId: ID!, $input: JanazahNoticeInput!) {
        publishJanazahNotice(reportId: $reportId, input: $input) { ${NOTICE_FIELDS} }
      }`,
      { reportId, input: aJanazahNotice(overrides) },
      actor,
    );
  }

  /** Publishes `settings.updated` as identity would and waits until this service applied it. */
  async updateSettings(settings: Partial<SiteSettingsValues>): Promise<void> {
    await this.deliverEvent(
      'settings.updated',
      { settings, changed: Object.keys(settings) as SettingKey[], updatedBy: null },
      { subject: 'site', source: 'jibs/identity' },
    );
  }
}
