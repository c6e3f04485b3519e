import type { SessionUser } from '@jibs/web-data';
import { adminAccess } from './admin-access';

const user = (role: SessionUser['role']): SessionUser => ({
  __typename: 'User',
  id: 'u1',
  email: 'someone@example.com',
  firstName: 'Amina',
  lastName: 'Yusuf',
  fullName: 'Amina Yusuf',
  role,
  language: 'en',
  showHijri: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  registrationFeePaid: null,
  membershipStatus: null,
});

describe('adminAccess', () => {
  it('waits while the session is being restored', () => {
    expect(adminAccess({ status: 'loading', user: null })).toEqual({ kind: 'loading' });
  });

  it('sends visitors to the member sign-in page', () => {
    expect(adminAccess({ status: 'signed-out', user: null })).toEqual({
      kind: 'leave',
      to: '/login',
    });
  });

  it('sends an admin who pressed Sign Out to the home page, not to sign in again', () => {
    expect(adminAccess({ status: 'signed-out', user: null, signedOutByUser: true })).toEqual({
      kind: 'leave',
      to: '/',
    });
  });

  it('sends members to their dashboard', () => {
    expect(adminAccess({ status: 'signed-in', user: user('MEMBER') })).toEqual({
      kind: 'leave',
      to: '/dashboard',
    });
  });

  it('lets admins in', () => {
    expect(adminAccess({ status: 'signed-in', user: user('ADMIN') })).toEqual({ kind: 'allow' });
  });
});
