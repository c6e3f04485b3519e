import { DEFAULT_SETTINGS, SETTING_KEYS } from '@jibs/domain';
import { INVISIBLE_NAMES } from '@jibs/testing';
import { IdentityHarness, type TestUser } from '../testing/identity-harness';

const ALL = `siteName adminEmail registrationFee monthlyDues memberFee maxFileSizeMb allowedFileTypes
  emailNotifications smsNotifications autoApproval maintenanceMode updatedAt`;
const PUBLIC = `{ publicSettings { siteName registrationFee monthlyDues memberFee maxFileSizeMb allowedFileTypes maintenanceMode } }`;
const SITE = `{ siteSettings { ${ALL} } }`;
const UPDATE = `mutation($input: UpdateSiteSettingsInput!) { updateSiteSettings(input: $input) { ${ALL} } }`;

describe('site settings', () => {
  let identity: IdentityHarness;
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    member = await identity.aMember();
    admin = await identity.anAdmin();
  });

  afterAll(async () => {
    await identity?.close();
  });

  const state = async () => ({
    row: (await identity.dataSource.query('SELECT * FROM site_settings'))[0],
    // One per change: the version 2 envelope (its version 1 twin is checked where it matters).
    events: await identity.count(
      'outbox',
      `topic = 'settings.updated' AND (envelope->>'dataversion')::int = 2`,
    ),
    audits: await identity.count('audit_entries', `subject_type = 'settings'`),
  });

  it('starts from the specification defaults, announced once as a change by the system', async () => {
    const { body } = await identity.gql(PUBLIC);
    expect(body.data.publicSettings).toEqual({
      siteName: 'JIBS',
      registrationFee: 17_500,
      monthlyDues: 2_500,
      memberFee: 2_500,
      maxFileSizeMb: 10,
      allowedFileTypes: ['pdf', 'jpg', 'jpeg', 'png'],
      maintenanceMode: false,
    });
    const events = await identity.outbox('settings.updated', 'site');
    // Version 2 and its version 1 twin, one event id.
    expect(events.map((event) => event.envelope.data)).toEqual([
      { settings: DEFAULT_SETTINGS, changed: SETTING_KEYS, updatedBy: null },
      { settings: DEFAULT_SETTINGS, updatedBy: null },
    ]);
    expect(new Set(events.map((event) => (event.envelope as { id?: string }).id)).size).toBe(1);
  });

  it('shows the full settings to admins only', async () => {
    const asAdmin = await identity.gql(SITE, undefined, { token: admin.accessToken });
    expect(asAdmin.body.data.siteSettings).toMatchObject({
      adminEmail: DEFAULT_SETTINGS.adminEmail,
      emailNotifications: true,
      smsNotifications: false,
    });
    const asMember = await identity.gql(SITE, undefined, { token: member.accessToken });
    expect(asMember.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(asMember.body.data).toBeNull();
    const anonymous = await identity.gql(SITE);
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lets an admin change settings, publishing settings.updated in the same transaction', async () => {
    const before = await state();
    const { body } = await identity.gql(
      UPDATE,
      {
        input: {
          siteName: ' JIBS Dearborn ',
          adminEmail: 'office@jibs.example.org',
          monthlyDues: 3_000,
          allowedFileTypes: ['pdf', 'png'],
          maintenanceMode: true,
          smsNotifications: null,
        },
      },
      { token: admin.accessToken },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSiteSettings).toMatchObject({
      siteName: 'JIBS Dearborn',
      adminEmail: 'office@jibs.example.org',
      registrationFee: 17_500,
      monthlyDues: 3_000,
      allowedFileTypes: ['pdf', 'png'],
      maintenanceMode: true,
      smsNotifications: false,
    });
    expect(Date.parse(body.data.updateSiteSettings.updatedAt)).toBeGreaterThan(
      before.row.updated_at.getTime(),
    );
    const events = await identity.outbox('settings.updated', 'site');
    expect(events).toHaveLength(2 * (before.events + 1));
    const settings = {
      ...DEFAULT_SETTINGS,
      siteName: 'JIBS Dearborn',
      adminEmail: 'office@jibs.example.org',
      monthlyDues: 3_000,
      allowedFileTypes: ['pdf', 'png'],
      maintenanceMode: true,
    };
    expect(events.at(-2)!.envelope.data).toEqual({
      settings,
      changed: ['siteName', 'adminEmail', 'monthlyDues', 'allowedFileTypes', 'maintenanceMode'],
      updatedBy: admin.id,
    });
    expect(events.at(-1)!.envelope.data).toEqual({ settings, updatedBy: admin.id });
    const publicView = await identity.gql(PUBLIC);
    expect(publicView.body.data.publicSettings).toMatchObject({
      siteName: 'JIBS Dearborn',
      monthlyDues: 3_000,
      maintenanceMode: true,
    });
  });

  it('stores and announces a new case checklist', async () => {
    const caseChecklist = [
      { key: 'imam', label: 'Imam booked', owner: 'admin', documentType: null },
      {
        key: 'certificate',
        label: 'Certificate',
        owner: 'family',
        documentType: 'Death Certificate',
      },
    ];
    const { body } = await identity.gql(
      `mutation($input: UpdateSiteSettingsInput!) { updateSiteSettings(input: $input) { caseChecklist { key label owner documentType } } }`,
      { input: { caseChecklist } },
      { token: admin.accessToken },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSiteSettings.caseChecklist).toEqual(caseChecklist);
    const events = await identity.outbox('settings.updated', 'site');
    expect(events.at(-2)!.envelope.data).toMatchObject({
      settings: { caseChecklist },
      changed: ['caseChecklist'],
    });
    await identity.gql(
      UPDATE,
      { input: { caseChecklist: DEFAULT_SETTINGS.caseChecklist } },
      { token: admin.accessToken },
    );
  });

  it('audits who changed which settings, from what to what, with the change', async () => {
    const before = await state();
    const { body } = await identity.gql(
      UPDATE,
      { input: { monthlyDues: 3_500, maxFileSizeMb: 100, siteName: 'JIBS Dearborn' } },
      { token: admin.accessToken },
    );
    expect(body.errors).toBeUndefined();
    expect(await identity.count('audit_entries', `subject_type = 'settings'`)).toBe(
      before.audits + 1,
    );
    const [entry] = await identity.dataSource.query(
      `SELECT actor_id, action, subject_id, member_id, before, after FROM audit_entries
        WHERE subject_type = 'settings' ORDER BY created_at DESC LIMIT 1`,
    );
    // The unchanged site name is left out of both sides.
    expect(entry).toEqual({
      actor_id: admin.id,
      action: 'settings.updated',
      subject_id: 'site',
      member_id: null,
      before: { monthlyDues: 3_000, maxFileSizeMb: 10 },
      after: { monthlyDues: 3_500, maxFileSizeMb: 100 },
    });
    const audited = await identity.outbox('audit.recorded');
    expect(audited.at(-1)!.envelope.data).toMatchObject({ action: 'settings.updated' });
  });

  it.each([
    ['adminEmail', { adminEmail: 'not-an-email' }, 'Please enter a valid email address'],
    ['registrationFee', { registrationFee: -1 }, 'Registration fee cannot be negative'],
    ['registrationFee', { registrationFee: 0 }, 'Registration fee must be more than $0'],
    ['monthlyDues', { monthlyDues: 250_000_000 }, 'Monthly dues must be at most $10,000.00'],
    ['memberFee', { memberFee: -2_500 }, 'Member fee cannot be negative'],
    ['maxFileSizeMb', { maxFileSizeMb: 0 }, 'Maximum file size must be at least 1 MB'],
    ['maxFileSizeMb', { maxFileSizeMb: 10_000 }, 'Maximum file size must be at most 100 MB'],
    ['allowedFileTypes', { allowedFileTypes: [] }, 'Allow at least one file type'],
    ['allowedFileTypes', { allowedFileTypes: ['pdf', 'pdf'] }, 'Each file type only once'],
    ['adminEmail', { adminEmail: '' }, 'Please enter a valid email address'],
    ['siteName', { siteName: 'x'.repeat(101) }, 'Site name must be at most 100 characters'],
    ['allowedFileTypes.0', { allowedFileTypes: ['exe'] }, 'Allowed types are pdf, jpg, jpeg, png'],
    ['siteName', { siteName: '   ' }, 'Site name is required'],
    ['waitingPeriodDays', { waitingPeriodDays: -1 }, 'Waiting period must be at least 0 days'],
    ['waitingPeriodDays', { waitingPeriodDays: 366 }, 'Waiting period must be at most 365 days'],
    ['claimWindowDays', { claimWindowDays: 0 }, 'Claim window must be at least 1 day'],
    ['coverageLimit', { coverageLimit: 0 }, 'Coverage limit must be more than $0'],
    [
      'approvalThreshold',
      { approvalThreshold: 10_000_001 },
      'Two-person approval threshold must be at most $100,000.00',
    ],
    [
      'eligibleExpenseCategories',
      { eligibleExpenseCategories: [] },
      'Choose at least one eligible expense category',
    ],
    [
      'eligibleExpenseCategories.0',
      { eligibleExpenseCategories: ['flowers'] },
      'Expense categories are funeral_home, burial_plot, grave_opening_closing, ghusl_kafan, transport',
    ],
    ['childAgeLimit', { childAgeLimit: 0 }, 'Child age limit must be at least 1 year'],
    [
      'caseChecklist',
      {
        caseChecklist: [
          { key: 'a', label: 'A', owner: 'family' },
          { key: 'a', label: 'B', owner: 'admin' },
        ],
      },
      'Each checklist key only once',
    ],
    [
      'caseChecklist.0.owner',
      { caseChecklist: [{ key: 'imam', label: 'Imam', owner: 'imam' }] },
      "A checklist item's owner is 'family' or 'admin'",
    ],
    [
      'caseChecklist.0.key',
      { caseChecklist: [{ key: 'Not A Key', label: 'Imam', owner: 'family' }] },
      'A checklist key is lower-case letters, digits and underscores, starting with a letter',
    ],
    [
      'caseChecklist.0.documentType',
      {
        caseChecklist: [
          { key: 'permit', label: 'Permit', owner: 'family', documentType: 'Permit' },
        ],
      },
      'A checklist document type is one of: Death Certificate, Government ID, Proof of Citizenship, Proof of Relationship, Financial Hardship Documentation, Medical Records, Funeral Home Invoice, Cemetery Invoice, Receipt, Other',
    ],
    ['caseChecklist', { caseChecklist: [] }, 'Keep at least one checklist item'],
  ])('refuses a bad %s and writes nothing', async (field, input, message) => {
    const before = await state();
    const { body } = await identity.gql(
      UPDATE,
      { input: { monthlyDues: 4_000, ...input } },
      { token: admin.accessToken },
    );
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
    expect(await state()).toEqual(before);
  });

  it.each(INVISIBLE_NAMES)(
    'refuses a site name of %s and writes nothing',
    async (_label, siteName) => {
      const before = await state();
      const { body } = await identity.gql(
        UPDATE,
        { input: { monthlyDues: 4_000, siteName } },
        { token: admin.accessToken },
      );
      expect(body.errors?.[0]).toMatchObject({
        message: 'Site name is required',
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { siteName: 'Site name is required' } },
      });
      expect(await state()).toEqual(before);
    },
  );

  it('lists every administrator to admins only', async () => {
    const second = await identity.anAdmin();
    const query = `{ siteAdmins { id email fullName createdAt } }`;
    const { body } = await identity.gql(query, undefined, { token: admin.accessToken });
    expect(body.errors).toBeUndefined();
    const ids = body.data.siteAdmins.map((row: { id: string }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, second.id]));
    expect(ids).not.toContain(member.id);
    expect(body.data.siteAdmins.find((row: { id: string }) => row.id === second.id)).toMatchObject({
      email: second.email,
    });
    const asMember = await identity.gql(query, undefined, { token: member.accessToken });
    expect(asMember.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(asMember.body.data).toBeNull();
    const anonymous = await identity.gql(query);
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses members and anonymous callers, writing nothing', async () => {
    const before = await state();
    const asMember = await identity.gql(
      UPDATE,
      { input: { monthlyDues: 1 } },
      { token: member.accessToken },
    );
    expect(asMember.body.errors?.[0]).toMatchObject({
      message: 'You do not have permission to perform this action.',
      extensions: { code: 'FORBIDDEN' },
    });
    const anonymous = await identity.gql(UPDATE, { input: { monthlyDues: 1 } });
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(await state()).toEqual(before);
  });
  it('lets an admin allow reporting members to publish janazah notices (off by default)', async () => {
    const before = await state();
    expect(before.row.members_may_publish_janazah).toBe(false);
    const { body } = await identity.gql(
      UPDATE.replace('updatedAt }', 'updatedAt membersMayPublishJanazah }'),
      { input: { membersMayPublishJanazah: true } },
      { token: admin.accessToken },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.updateSiteSettings.membersMayPublishJanazah).toBe(true);
    const events = await identity.outbox('settings.updated', 'site');
    expect(events).toHaveLength(2 * (before.events + 1));
    expect(events.at(-2)!.envelope.data).toMatchObject({
      settings: { membersMayPublishJanazah: true },
      changed: ['membersMayPublishJanazah'],
    });
    await identity.gql(
      UPDATE,
      { input: { membersMayPublishJanazah: false } },
      { token: admin.accessToken },
    );
  });
});
