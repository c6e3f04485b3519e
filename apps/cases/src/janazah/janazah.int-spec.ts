import { JanazahMessages, JANAZAH_LIMITS, Messages } from '@jibs/domain';
import {
  aJanazahNotice,
  CasesHarness,
  hoursFromNow,
  NOTICE_FIELDS,
  REPORT_FIELDS,
  type GqlBody,
  type TestUser,
} from '../testing/cases-harness';

const LIST = `{ janazahNotices { ${NOTICE_FIELDS} } }`;
const ONE = `query($id: ID!) { janazahNotice(id: $id) { ${NOTICE_FIELDS} } }`;
const NEXT = `query($limit: Int) { nextJanazahNotices(limit: $limit) { id visibility familyContact } }`;
const UPDATE = `mutation($id: ID!, $input: JanazahNoticeInput!) {
  updateJanazahNotice(id: $id, input: $input) { ${NOTICE_FIELDS} }
}`;
const CANCEL = `mutation($id: ID!, $reason: String) { cancelJanazahNotice(id: $id, reason: $reason) { ${NOTICE_FIELDS} } }`;
const ATTEND = `mutation($id: ID!) { attendJanazah(id: $id) { id attendeeCount attending } }`;
const UNATTEND = `mutation($id: ID!) { unattendJanazah(id: $id) { id attendeeCount attending } }`;
const ATTENDEES = `query($id: ID!) { janazahNotice(id: $id) { attendeeCount attendees { member { id } } } }`;
const MY_REPORTS = `{ myDeathReports { ${REPORT_FIELDS} mayPublishJanazah janazahNotice { id familyContact } } }`;

const JANAZAH_TOPICS = ['janazah.published', 'janazah.updated', 'janazah.cancelled'];

describe('janazah notices', () => {
  let h: CasesHarness;
  let admin: TestUser;

  beforeAll(async () => {
    h = await CasesHarness.start();
    admin = await h.anAdmin();
  });

  afterAll(async () => {
    await h?.close();
  });

  const aPaidMember = () => h.aMember({ paid: true });

  /** Notices, janazah events and janazah audit entries: what a refused change must leave alone. */
  const written = async (reportId?: string) => ({
    notices: await h.count(
      'janazah_notices',
      reportId ? 'report_id = $1' : 'true',
      reportId ? [reportId] : [],
    ),
    events: await h.count('outbox', 'topic = ANY($1)', [JANAZAH_TOPICS]),
    audits: await h.count('audit_entries', `subject_type = 'janazah_notice'`),
  });

  const noticeRow = async (id: string) =>
    (await h.dataSource.query('SELECT * FROM janazah_notices WHERE id = $1', [id]))[0];

  /** An approved report of a new member, with an admin's notice on it (`overrides` to the form). */
  async function aPublishedNotice(overrides: Record<string, unknown> = {}) {
    const family = await aPaidMember();
    const reportId = await h.approvedReport(family, admin);
    const body = await h.publishNotice(admin, reportId, overrides);
    expect(body.errors).toBeUndefined();
    return { family, reportId, notice: body.data.publishJanazahNotice };
  }

  const codeOf = (body: GqlBody) => body.errors?.[0]?.extensions.code;
  const messageOf = (body: GqlBody) => body.errors?.[0]?.message;

  describe('publishing', () => {
    it('lets an admin publish for an approved report: stored, audited and announced once, in one transaction', async () => {
      const family = await aPaidMember();
      const reportId = await h.approvedReport(family, admin);
      const before = await written();
      const prayerAt = hoursFromNow(30);
      const body = await h.publishNotice(admin, reportId, {
        deceasedName: '  Aminah Rahman ',
        prayerAt,
        timeZone: 'America/Chicago',
        visibility: null,
        note: '   ',
      });
      expect(body.errors).toBeUndefined();
      const notice = body.data.publishJanazahNotice;
      expect(notice).toMatchObject({
        reportId,
        deceasedName: 'Aminah Rahman',
        prayerAt: new Date(prayerAt).toISOString(),
        timeZone: 'America/Chicago',
        masjidName: 'Islamic Center of Irving',
        familyContact: 'Brother Yusuf, (214) 555-0100',
        visibility: 'members',
        note: null,
        status: 'active',
        sequence: 0,
        attendeeCount: 0,
        attending: false,
      });
      expect(await written()).toEqual({
        notices: before.notices + 1,
        events: before.events + 1,
        audits: before.audits + 1,
      });
      const events = await h.outbox('janazah.published', notice.id);
      expect(events.map((event) => event.envelope.data)).toEqual([
        {
          noticeId: notice.id,
          reportId,
          userId: family.id,
          deceasedName: 'Aminah Rahman',
          prayerAt: new Date(prayerAt).toISOString(),
          timeZone: 'America/Chicago',
          masjidName: 'Islamic Center of Irving',
          masjidAddress: '2555 Esters Rd, Irving, TX 75062',
          burialPlace: 'Restland Memorial Park, Dallas',
          note: null,
          visibility: 'members',
          publishedBy: admin.id,
        },
      ]);
      const [audit] = await h.dataSource.query(
        `SELECT actor_id, action, member_id FROM audit_entries WHERE subject_id = $1`,
        [notice.id],
      );
      expect(audit).toEqual({
        actor_id: admin.id,
        action: 'janazah_notice.published',
        member_id: family.id,
      });
    });

    it('keeps one active notice per report, even when two are published at once', async () => {
      const family = await aPaidMember();
      const reportId = await h.approvedReport(family, admin);
      const before = await written();
      const [first, second] = await Promise.all([
        h.publishNotice(admin, reportId),
        h.publishNotice(admin, reportId),
      ]);
      const refused = [first, second].filter((body) => body.errors);
      expect(refused).toHaveLength(1);
      expect(codeOf(refused[0]!)).toBe('CONFLICT');
      expect(messageOf(refused[0]!)).toBe(JanazahMessages.alreadyPublished);
      const again = await h.publishNotice(admin, reportId);
      expect(messageOf(again)).toBe(JanazahMessages.alreadyPublished);
      expect(await written()).toEqual({
        notices: before.notices + 1,
        events: before.events + 1,
        audits: before.audits + 1,
      });
    });

    it('refuses a notice for a pending or a rejected report, saving nothing', async () => {
      const family = await aPaidMember();
      const pending = (await h.submit(family)).id;
      const rejected = (await h.submit(family)).id;
      await h.review(admin, rejected, 'REJECTED', 'Not a member family');
      for (const reportId of [pending, rejected]) {
        const before = await written();
        const body = await h.publishNotice(admin, reportId);
        expect(codeOf(body)).toBe('CONFLICT');
        expect(messageOf(body)).toBe(JanazahMessages.reportNotApproved);
        expect(await written()).toEqual(before);
      }
    });

    it('answers an unknown report with NOT_FOUND', async () => {
      const body = await h.publishNotice(admin, '7b0c8a6e-1f0e-4b59-9a56-1d3a2b9c0f11');
      expect(codeOf(body)).toBe('NOT_FOUND');
      expect(codeOf(await h.publishNotice(admin, 'not-an-id'))).toBe('NOT_FOUND');
    });

    const long = (n: number) => 'x'.repeat(n + 1);
    it.each([
      [
        'a prayer time in the past',
        { prayerAt: hoursFromNow(-1) },
        'prayerAt',
        JanazahMessages.prayerAtInPast,
      ],
      [
        'a prayer time without an offset',
        { prayerAt: '2031-03-06T13:30' },
        'prayerAt',
        JanazahMessages.prayerAtInvalid,
      ],
      [
        'a prayer time that is not a date',
        { prayerAt: 'tomorrow' },
        'prayerAt',
        JanazahMessages.prayerAtInvalid,
      ],
      [
        'an impossible date',
        { prayerAt: '2031-02-31T13:30:00Z' },
        'prayerAt',
        JanazahMessages.prayerAtInvalid,
      ],
      [
        'an empty masjid name',
        { masjidName: '  ' },
        'masjidName',
        JanazahMessages.masjidNameRequired,
      ],
      [
        'an empty masjid address',
        { masjidAddress: '' },
        'masjidAddress',
        JanazahMessages.masjidAddressRequired,
      ],
      [
        'an empty burial place',
        { burialPlace: '\u200b' },
        'burialPlace',
        JanazahMessages.burialPlaceRequired,
      ],
      [
        'an empty name',
        { deceasedName: ' ' },
        'deceasedName',
        JanazahMessages.deceasedNameRequired,
      ],
      [
        'an unknown visibility',
        { visibility: 'everyone' },
        'visibility',
        JanazahMessages.visibilityUnknown,
      ],
      [
        'an unknown time zone',
        { timeZone: 'Mars/Olympus_Mons' },
        'timeZone',
        JanazahMessages.timeZoneUnknown,
      ],
      [
        'an offset for a time zone',
        { timeZone: '+05:00' },
        'timeZone',
        JanazahMessages.timeZoneUnknown,
      ],
      ['an empty time zone', { timeZone: '' }, 'timeZone', JanazahMessages.timeZoneRequired],
      [
        'a name too long',
        { deceasedName: long(JANAZAH_LIMITS.deceasedName) },
        'deceasedName',
        JanazahMessages.deceasedNameTooLong,
      ],
      [
        'a masjid name too long',
        { masjidName: long(JANAZAH_LIMITS.masjidName) },
        'masjidName',
        JanazahMessages.masjidNameTooLong,
      ],
      [
        'an address too long',
        { masjidAddress: long(JANAZAH_LIMITS.masjidAddress) },
        'masjidAddress',
        JanazahMessages.masjidAddressTooLong,
      ],
      [
        'a burial place too long',
        { burialPlace: long(JANAZAH_LIMITS.burialPlace) },
        'burialPlace',
        JanazahMessages.burialPlaceTooLong,
      ],
      [
        'a family contact too long',
        { familyContact: long(JANAZAH_LIMITS.familyContact) },
        'familyContact',
        JanazahMessages.familyContactTooLong,
      ],
      ['a note too long', { note: long(JANAZAH_LIMITS.note) }, 'note', JanazahMessages.noteTooLong],
    ])('refuses %s with its message, saving nothing', async (_case, overrides, field, message) => {
      const family = await aPaidMember();
      const reportId = await h.approvedReport(family, admin);
      const before = await written();
      const body = await h.publishNotice(admin, reportId, overrides);
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(messageOf(body)).toBe(message);
      expect(body.errors?.[0]?.extensions.fieldErrors).toMatchObject({ [field]: message });
      expect(await written()).toEqual(before);
    });

    it('stores the canonical name of a time zone given in another case', async () => {
      const { notice } = await aPublishedNotice({ timeZone: 'america/new_york' });
      expect(notice.timeZone).toBe('America/New_York');
    });
  });

  describe('who may publish, edit and cancel', () => {
    afterEach(async () => {
      await h.updateSettings({ membersMayPublishJanazah: false });
    });

    it('refuses the reporting member unless the site allows it; then lets them publish their own report only', async () => {
      const family = await aPaidMember();
      const reportId = await h.approvedReport(family, admin);
      const before = await written();
      const refused = await h.publishNotice(family, reportId);
      expect(codeOf(refused)).toBe('FORBIDDEN');
      expect(messageOf(refused)).toBe(JanazahMessages.membersMayNotPublish);
      expect(await written()).toEqual(before);
      const mine = await h.gql(MY_REPORTS, {}, family);
      expect(mine.data.myDeathReports[0]).toMatchObject({
        mayPublishJanazah: false,
        janazahNotice: null,
      });

      await h.updateSettings({ membersMayPublishJanazah: true });
      expect((await h.gql(MY_REPORTS, {}, family)).data.myDeathReports[0].mayPublishJanazah).toBe(
        true,
      );
      const other = await aPaidMember();
      const foreign = await h.publishNotice(other, reportId);
      expect(codeOf(foreign)).toBe('NOT_FOUND');
      expect(await written()).toEqual(before);

      const published = await h.publishNotice(family, reportId, { visibility: 'members' });
      expect(published.errors).toBeUndefined();
      const notice = published.data.publishJanazahNotice;
      expect((await h.outbox('janazah.published', notice.id))[0]!.envelope.data).toMatchObject({
        publishedBy: family.id,
        userId: family.id,
      });
      const withNotice = await h.gql(MY_REPORTS, {}, family);
      expect(withNotice.data.myDeathReports[0].janazahNotice).toEqual({
        id: notice.id,
        familyContact: 'Brother Yusuf, (214) 555-0100',
      });

      const edited = await h.gql(
        UPDATE,
        { id: notice.id, input: aJanazahNotice({ masjidName: 'Masjid Al-Noor' }) },
        family,
      );
      expect(edited.data.updateJanazahNotice).toMatchObject({
        masjidName: 'Masjid Al-Noor',
        sequence: 1,
      });

      // Once the site takes the permission back, the family's edits stop too.
      await h.updateSettings({ membersMayPublishJanazah: false });
      const afterwards = await h.gql(UPDATE, { id: notice.id, input: aJanazahNotice() }, family);
      expect(messageOf(afterwards)).toBe(JanazahMessages.membersMayNotPublish);
      expect((await noticeRow(notice.id)).masjid_name).toBe('Masjid Al-Noor');
    });

    it('keeps the newest setting: an older settings.updated delivered late changes nothing', async () => {
      const family = await aPaidMember();
      await h.approvedReport(family, admin);
      const mayPublish = async () =>
        (await h.gql(MY_REPORTS, {}, family)).data.myDeathReports[0].mayPublishJanazah;
      await h.updateSettings({ membersMayPublishJanazah: true });
      const stale = h.envelope(
        'settings.updated',
        {
          settings: { membersMayPublishJanazah: false },
          changed: ['membersMayPublishJanazah'],
          updatedBy: null,
        },
        'site',
        { source: 'jibs/identity', time: new Date(Date.now() - 3_600_000) },
      );
      await h.publish([stale], 2);
      await h.handled(stale);
      expect(await mayPublish()).toBe(true);
      // A change that does not mention the setting leaves it alone.
      await h.updateSettings({ siteName: 'JIBS Irving' });
      expect(await mayPublish()).toBe(true);
    });

    it('never lets another member edit or cancel a notice, nor anonymous callers', async () => {
      await h.updateSettings({ membersMayPublishJanazah: true });
      const { notice } = await aPublishedNotice();
      const other = await aPaidMember();
      const before = { row: await noticeRow(notice.id), written: await written() };
      for (const caller of [other, undefined]) {
        const edit = await h.gql(
          UPDATE,
          { id: notice.id, input: aJanazahNotice({ masjidName: 'Hijacked' }) },
          caller,
        );
        const cancel = await h.gql(CANCEL, { id: notice.id, reason: 'Hijacked' }, caller);
        expect(codeOf(edit)).toBe(caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
        expect(codeOf(cancel)).toBe(caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      }
      const unpaid = await h.aMember();
      const publish = await h.publishNotice(unpaid, notice.reportId);
      expect(messageOf(publish)).toBe(Messages.registrationRequired);
      expect({ row: await noticeRow(notice.id), written: await written() }).toEqual(before);
    });
  });

  describe('editing and cancelling', () => {
    it('edits before the prayer time: every field replaced, sequence raised, janazah.updated once', async () => {
      const { notice, family } = await aPublishedNotice();
      const before = await written();
      const prayerAt = hoursFromNow(26);
      const body = await h.gql(
        UPDATE,
        {
          id: notice.id,
          input: aJanazahNotice({
            deceasedName: notice.deceasedName,
            prayerAt,
            masjidName: 'Masjid Al-Noor',
            note: null,
          }),
        },
        admin,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.updateJanazahNotice).toMatchObject({
        masjidName: 'Masjid Al-Noor',
        note: null,
        sequence: 1,
      });
      expect(await written()).toEqual({
        ...before,
        events: before.events + 1,
        audits: before.audits + 1,
      });
      const events = await h.outbox('janazah.updated', notice.id);
      expect(events.map((event) => event.envelope.data)).toEqual([
        expect.objectContaining({
          noticeId: notice.id,
          userId: family.id,
          prayerAt: new Date(prayerAt).toISOString(),
          masjidName: 'Masjid Al-Noor',
          note: null,
          sequence: 1,
          updatedBy: admin.id,
        }),
      ]);
      expect(events[0]!.envelope.data).not.toHaveProperty('familyContact');
    });

    it('refuses bad input on an edit and changes nothing', async () => {
      const { notice } = await aPublishedNotice();
      const before = { row: await noticeRow(notice.id), written: await written() };
      for (const [overrides, message] of [
        [{ prayerAt: hoursFromNow(-2) }, JanazahMessages.prayerAtInPast],
        [{ masjidAddress: ' ' }, JanazahMessages.masjidAddressRequired],
        [{ visibility: 'secret' }, JanazahMessages.visibilityUnknown],
      ] as const) {
        const body = await h.gql(
          UPDATE,
          { id: notice.id, input: aJanazahNotice(overrides) },
          admin,
        );
        expect(messageOf(body)).toBe(message);
      }
      expect({ row: await noticeRow(notice.id), written: await written() }).toEqual(before);
    });

    it('refuses edits, cancellations and attendance after the prayer time', async () => {
      const { notice } = await aPublishedNotice();
      // The prayer has happened: time moved past it.
      await h.dataSource.query(
        `UPDATE janazah_notices SET prayer_at = now() - interval '1 hour' WHERE id = $1`,
        [notice.id],
      );
      const before = { row: await noticeRow(notice.id), written: await written() };
      const member = await aPaidMember();
      for (const [query, variables, caller] of [
        [UPDATE, { id: notice.id, input: aJanazahNotice() }, admin],
        [CANCEL, { id: notice.id, reason: 'Too late' }, admin],
        [ATTEND, { id: notice.id }, member],
      ] as const) {
        const body = await h.gql(query, variables, caller);
        expect(codeOf(body)).toBe('CONFLICT');
        expect(messageOf(body)).toBe(JanazahMessages.prayerTimePassed);
      }
      expect({ row: await noticeRow(notice.id), written: await written() }).toEqual(before);
      expect(await h.count('janazah_attendance', 'notice_id = $1', [notice.id])).toBe(0);
    });

    it('cancels only with a reason; then nothing changes it, and the report may get a new notice', async () => {
      const { notice, reportId, family } = await aPublishedNotice();
      const before = { row: await noticeRow(notice.id), written: await written() };
      for (const reason of [null, '', '   ', 'x'.repeat(JANAZAH_LIMITS.cancelReason + 1)]) {
        const body = await h.gql(CANCEL, { id: notice.id, reason }, admin);
        expect(codeOf(body)).toBe('BAD_USER_INPUT');
        expect(messageOf(body)).toBe(
          reason && reason.trim()
            ? JanazahMessages.cancelReasonTooLong
            : JanazahMessages.cancelReasonRequired,
        );
      }
      expect({ row: await noticeRow(notice.id), written: await written() }).toEqual(before);

      const body = await h.gql(
        CANCEL,
        { id: notice.id, reason: ' Burial moved to another city ' },
        admin,
      );
      expect(body.data.cancelJanazahNotice).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Burial moved to another city',
        sequence: 1,
      });
      expect(
        (await h.outbox('janazah.cancelled', notice.id)).map((event) => event.envelope.data),
      ).toEqual([
        {
          noticeId: notice.id,
          reportId,
          userId: family.id,
          deceasedName: notice.deceasedName,
          prayerAt: notice.prayerAt,
          timeZone: notice.timeZone,
          reason: 'Burial moved to another city',
          sequence: 1,
          cancelledBy: admin.id,
        },
      ]);
      const afterCancel = await written();
      const again = await h.gql(CANCEL, { id: notice.id, reason: 'Again' }, admin);
      const edit = await h.gql(UPDATE, { id: notice.id, input: aJanazahNotice() }, admin);
      const attend = await h.gql(ATTEND, { id: notice.id }, family);
      for (const refused of [again, edit, attend])
        expect(messageOf(refused)).toBe(JanazahMessages.noticeCancelled);
      expect(await written()).toEqual(afterCancel);

      const replacement = await h.publishNotice(admin, reportId);
      expect(replacement.errors).toBeUndefined();
    });
  });

  describe('reading', () => {
    it('shows visitors only public notices, never the family contact; members see both, newest prayer first', async () => {
      const later = await aPublishedNotice({ visibility: 'public', prayerAt: hoursFromNow(40) });
      const sooner = await aPublishedNotice({ visibility: 'members', prayerAt: hoursFromNow(10) });
      const ids = [later.notice.id, sooner.notice.id];

      const asVisitor = await h.gql(LIST);
      expect(asVisitor.errors).toBeUndefined();
      const seenByVisitor = asVisitor.data.janazahNotices.filter((n: { id: string }) =>
        ids.includes(n.id),
      );
      expect(seenByVisitor).toEqual([
        expect.objectContaining({ id: later.notice.id, familyContact: null, attending: false }),
      ]);
      expect(
        asVisitor.data.janazahNotices.every(
          (n: { visibility: string; familyContact: string | null }) =>
            n.visibility === 'public' && n.familyContact === null,
        ),
      ).toBe(true);
      expect(codeOf(await h.gql(ONE, { id: sooner.notice.id }))).toBe('NOT_FOUND');
      expect(
        (await h.gql(ONE, { id: later.notice.id })).data.janazahNotice.familyContact,
      ).toBeNull();
      const next = await h.gql(NEXT, { limit: 10 });
      expect(next.data.nextJanazahNotices.map((n: { id: string }) => n.id)).toContain(
        later.notice.id,
      );
      expect(next.data.nextJanazahNotices.map((n: { id: string }) => n.id)).not.toContain(
        sooner.notice.id,
      );
      expect(
        next.data.nextJanazahNotices.every(
          (n: { familyContact: string | null }) => n.familyContact === null,
        ),
      ).toBe(true);

      // Signed in without a completed registration: still a visitor.
      const unpaid = await h.aMember();
      const asUnpaid = await h.gql(LIST, {}, unpaid);
      expect(asUnpaid.data.janazahNotices.map((n: { id: string }) => n.id)).not.toContain(
        sooner.notice.id,
      );
      expect(
        asUnpaid.data.janazahNotices.every(
          (n: { familyContact: string | null }) => n.familyContact === null,
        ),
      ).toBe(true);

      const member = await aPaidMember();
      const asMember = await h.gql(LIST, {}, member);
      const seenByMember = asMember.data.janazahNotices.filter((n: { id: string }) =>
        ids.includes(n.id),
      );
      expect(seenByMember.map((n: { id: string }) => n.id)).toEqual([
        later.notice.id,
        sooner.notice.id,
      ]);
      expect(seenByMember.map((n: { familyContact: string }) => n.familyContact)).toEqual([
        'Brother Yusuf, (214) 555-0100',
        'Brother Yusuf, (214) 555-0100',
      ]);
      const prayers = asMember.data.janazahNotices.map((n: { prayerAt: string }) =>
        Date.parse(n.prayerAt),
      );
      expect(prayers).toEqual([...prayers].sort((a, b) => b - a));
    });

    it('refuses a landing-page limit out of range', async () => {
      for (const limit of [0, 11, -1]) {
        const body = await h.gql(NEXT, { limit });
        expect(codeOf(body)).toBe('BAD_USER_INPUT');
        expect(messageOf(body)).toBe(JanazahMessages.limitOutOfRange);
      }
    });

    it('answers a notice that does not exist with NOT_FOUND', async () => {
      expect(messageOf(await h.gql(ONE, { id: 'nope' }))).toBe(JanazahMessages.noticeNotFound);
      expect(codeOf(await h.gql(ONE, { id: '7b0c8a6e-1f0e-4b59-9a56-1d3a2b9c0f11' }, admin))).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe("'I will attend'", () => {
    it('counts a member once however often and however concurrently they say it, and lets them take it back', async () => {
      const { notice } = await aPublishedNotice({ visibility: 'public' });
      const [first, second] = [await aPaidMember(), await aPaidMember()];
      const answers = await Promise.all(
        [1, 2, 3].map(() => h.gql(ATTEND, { id: notice.id }, first)),
      );
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      const again = await h.gql(ATTEND, { id: notice.id }, first);
      expect(again.data.attendJanazah).toEqual({
        id: notice.id,
        attendeeCount: 1,
        attending: true,
      });
      const other = await h.gql(ATTEND, { id: notice.id }, second);
      expect(other.data.attendJanazah).toEqual({
        id: notice.id,
        attendeeCount: 2,
        attending: true,
      });
      expect(await h.count('janazah_attendance', 'notice_id = $1', [notice.id])).toBe(2);

      // Everyone who may see the notice sees the count: a visitor too, for a public notice.
      expect((await h.gql(ONE, { id: notice.id })).data.janazahNotice).toMatchObject({
        attendeeCount: 2,
        attending: false,
      });

      const back = await h.gql(UNATTEND, { id: notice.id }, first);
      expect(back.data.unattendJanazah).toEqual({
        id: notice.id,
        attendeeCount: 1,
        attending: false,
      });
      const twice = await h.gql(UNATTEND, { id: notice.id }, first);
      expect(twice.data.unattendJanazah).toEqual({
        id: notice.id,
        attendeeCount: 1,
        attending: false,
      });
    });

    it('shows the names of attendees to admins only; the family sees the count', async () => {
      const { notice, family } = await aPublishedNotice({ visibility: 'members' });
      const member = await aPaidMember();
      await h.ok(ATTEND, { id: notice.id }, member);
      const asAdmin = await h.gql(ATTENDEES, { id: notice.id }, admin);
      expect(asAdmin.data.janazahNotice).toEqual({
        attendeeCount: 1,
        attendees: [{ member: { id: member.id } }],
      });
      // In a list too (one query for every notice's attendees): each notice has its own.
      const other = await aPublishedNotice({ visibility: 'public' });
      const listed = await h.gql(
        `{ janazahNotices { id attendees { member { id } } } }`,
        {},
        admin,
      );
      const byId = new Map(
        listed.data.janazahNotices.map((n: { id: string; attendees: unknown[] }) => [
          n.id,
          n.attendees,
        ]),
      );
      expect(byId.get(notice.id)).toEqual([{ member: { id: member.id } }]);
      expect(byId.get(other.notice.id)).toEqual([]);
      for (const caller of [family, member]) {
        const body = await h.gql(ATTENDEES, { id: notice.id }, caller);
        expect(codeOf(body)).toBe('FORBIDDEN');
        expect(body.data?.janazahNotice ?? null).toBeNull();
        const count = await h.gql(
          `query($id: ID!) { janazahNotice(id: $id) { attendeeCount } }`,
          { id: notice.id },
          caller,
        );
        expect(count.data.janazahNotice.attendeeCount).toBe(1);
      }
    });

    it('refuses visitors and members who may not see the notice, writing nothing', async () => {
      const { notice } = await aPublishedNotice({ visibility: 'members' });
      expect(codeOf(await h.gql(ATTEND, { id: notice.id }))).toBe('UNAUTHENTICATED');
      const unpaid = await h.aMember();
      expect(messageOf(await h.gql(ATTEND, { id: notice.id }, unpaid))).toBe(
        Messages.registrationRequired,
      );
      expect(await h.count('janazah_attendance', 'notice_id = $1', [notice.id])).toBe(0);
    });
  });
});
