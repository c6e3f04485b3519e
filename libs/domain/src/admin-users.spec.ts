import { containsPattern, parseMembershipStatus, parseRole } from './admin-users';
import { MembershipStatus } from './fees';
import { Role } from './roles';

describe('admin users input', () => {
  it('reads roles and statuses by stored value or GraphQL name, and nothing else', () => {
    expect(parseRole('admin')).toBe(Role.ADMIN);
    expect(parseRole('MEMBER')).toBe(Role.MEMBER);
    expect(parseRole('superuser')).toBeNull();
    expect(parseRole(undefined)).toBeNull();
    expect(parseMembershipStatus('INACTIVE')).toBe(MembershipStatus.INACTIVE);
    expect(parseMembershipStatus('pending')).toBe(MembershipStatus.PENDING);
    expect(parseMembershipStatus('revoked')).toBeNull();
  });

  it('escapes what ILIKE would read as wildcards', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
