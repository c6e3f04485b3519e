import { DomainError, ErrorCode, Messages, Role } from '@jibs/domain';
import type { AuthUser } from './access-token';
import { registeredViewer, requireRegistration, type RegistrationLookup } from './registration';

const member: AuthUser = { id: 'm-1', role: Role.MEMBER } as AuthUser;
const admin: AuthUser = { id: 'a-1', role: Role.ADMIN } as AuthUser;
const paid = (...ids: string[]): RegistrationLookup & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    isRegistrationPaid: async (id) => {
      asked.push(id);
      return ids.includes(id);
    },
  };
};

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error('expected a DomainError');
  return error;
}

describe('completed registration', () => {
  it('refuses a member whose registration is not paid, FORBIDDEN with the message', async () => {
    const error = await refusal(requireRegistration(paid(), member));
    expect(error.code).toBe(ErrorCode.Forbidden);
    expect(error.message).toBe(Messages.registrationRequired);
  });

  it('lets a paid member through, and exempts admins without asking', async () => {
    await expect(requireRegistration(paid(member.id), member)).resolves.toBeUndefined();
    const lookup = paid();
    await expect(requireRegistration(lookup, admin)).resolves.toBeUndefined();
    expect(lookup.asked).toEqual([]);
  });

  it('refuses every member when the service has no lookup (deny by default)', async () => {
    expect((await refusal(requireRegistration(null, member))).code).toBe(ErrorCode.Forbidden);
    await expect(requireRegistration(null, admin)).resolves.toBeUndefined();
  });

  it('serves an unpaid member as a visitor on public operations', async () => {
    expect(await registeredViewer(paid(), member)).toBeNull();
    expect(await registeredViewer(paid(member.id), member)).toBe(member);
    expect(await registeredViewer(paid(), admin)).toBe(admin);
    expect(await registeredViewer(paid(), null)).toBeNull();
  });
});
