import { DEFAULT_SETTINGS } from '@jibs/domain';
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
    events: await identity.count('outbox', `topic = 'settings.updated'`),
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
    expect(events.map((event) => event.envelope.data)).toEqual([
      { settings: DEFAULT_SETTINGS, updatedBy: null },
    ]);
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
    expect(events).toHaveLength(before.events + 1);
    expect(events.at(-1)!.envelope.data).toEqual({
      settings: {
        ...DEFAULT_SETTINGS,
        siteName: 'JIBS Dearborn',
        adminEmail: 'office@jibs.example.org',
        monthlyDues: 3_000,
        allowedFileTypes: ['pdf', 'png'],
        maintenanceMode: true,
      },
      updatedBy: admin.id,
    });
    const publicView = await identity.gql(PUBLIC);
    expect(publicView.body.data.publicSettings).toMatchObject({
      siteName: 'JIBS Dearborn',
      monthlyDues: 3_000,
      maintenanceMode: true,
    });
  });

  it.each([
    ['adminEmail', { adminEmail: 'not-an-email' }, 'Please enter a valid email address'],
    ['registrationFee', { registrationFee: -1 }, 'Registration fee cannot be negative'],
    ['maxFileSizeMb', { maxFileSizeMb: 500 }, 'Maximum file size must be at most 50 MB'],
    ['allowedFileTypes', { allowedFileTypes: [] }, 'Allow at least one file type'],
    ['allowedFileTypes.0', { allowedFileTypes: ['exe'] }, 'Allowed types are pdf, jpg, jpeg, png'],
    ['siteName', { siteName: '   ' }, 'Site name is required'],
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
});
