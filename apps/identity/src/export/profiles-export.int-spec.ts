import { ADMIN_EXPORT_PATH, gatewayHeaders } from '@jibs/subgraph';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IdentityHarness } from '../testing/identity-harness';

describe('admin export of profiles', () => {
  let harness: IdentityHarness;
  let secret: string;

  beforeAll(async () => {
    harness = await IdentityHarness.start();
    secret = harness.app.get<IdentityConfig>(IDENTITY_CONFIG).GATEWAY_SECRET;
  });

  afterAll(async () => {
    await harness?.close();
  });

  const exportProfiles = (query: string, token?: string) =>
    fetch(`${harness.url}${ADMIN_EXPORT_PATH}/profiles?${query}`, {
      headers: {
        ...gatewayHeaders(secret),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('refuses anonymous callers and members', async () => {
    const anonymous = await exportProfiles('format=json');
    expect(anonymous.status).toBe(401);
    const member = await harness.aMember();
    const asMember = await exportProfiles('format=json', member.accessToken);
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await harness.count('audit_entries', `action = 'export'`)).toBe(0);
  });

  it('exports profiles without password hashes, secrets or session fields', async () => {
    const member = await harness.aMember();
    const admin = await harness.anAdmin();
    const res = await exportProfiles('format=json&metadata=true', admin.accessToken);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.metadata).toMatchObject({ exportedBy: admin.email, version: '1.0' });
    const profile = body.data.profiles.find((row: { id: string }) => row.id === member.id);
    expect(Object.keys(profile)).toEqual([
      'id',
      'email',
      'full_name',
      'first_name',
      'last_name',
      'phone',
      'address_line1',
      'address_line2',
      'city',
      'state',
      'zip_code',
      'date_of_birth',
      'is_us_citizen',
      'role',
      'created_at',
      'updated_at',
    ]);
    expect(profile).toMatchObject({ email: member.email, role: 'member' });
    const [hash] = await harness.dataSource.query(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [member.id],
    );
    expect(text).not.toContain(hash.password_hash);
    expect(text).not.toContain('$argon2');
    expect(
      await harness.count('audit_entries', `action = 'export' AND subject_id = 'profiles'`),
    ).toBe(1);
  });
});
