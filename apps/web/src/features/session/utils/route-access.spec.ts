import type { SessionUserFragment } from '../../../gql/graphql';
import {
  headerShowsRegistrationOnly,
  returnPath,
  routeDecision,
  type RouteAccess,
} from './route-access';
import { registrationComplete, type SessionState, type SessionUser } from '@jibs/web-data';

const aUser = (
  role: SessionUserFragment['role'],
  registrationFeePaid: boolean | null = false,
): SessionUser => ({
  __typename: 'User',
  id: 'u1',
  email: 'amina@example.com',
  firstName: 'Amina',
  lastName: 'Rahman',
  fullName: 'Amina Rahman',
  role,
  language: 'en',
  showHijri: false,
  createdAt: '2026-01-01T00:00:00Z',
  registrationFeePaid,
  membershipStatus:
    registrationFeePaid === null ? null : registrationFeePaid ? 'ACTIVE' : 'PENDING',
});

const loading: SessionState = { status: 'loading', user: null, membership: 'loading' };
const visitor: SessionState = { status: 'signed-out', user: null, membership: 'loading' };
const member: SessionState = { status: 'signed-in', user: aUser('MEMBER'), membership: 'loaded' };
const admin: SessionState = { status: 'signed-in', user: aUser('ADMIN'), membership: 'loaded' };

const where = (access: RouteAccess, session: SessionState) => {
  const decision = routeDecision(access, session);
  return decision.kind === 'redirect' ? decision.to : decision.kind;
};

describe('registrationComplete', () => {
  it('exempts admins', () => {
    expect(registrationComplete(aUser('ADMIN'))).toBe(true);
  });

  it('holds a member back until billing reports the registration fee paid', () => {
    expect(registrationComplete(aUser('MEMBER'))).toBe(false);
    expect(registrationComplete(aUser('MEMBER', true))).toBe(true);
  });

  it('lets a member who paid the fee open the member screens', () => {
    const paid: SessionState = {
      status: 'signed-in',
      user: aUser('MEMBER', true),
      membership: 'loaded',
    };
    expect(where('registered', paid)).toBe('allow');
    expect(where('admin', paid)).toBe('/dashboard');
    expect(headerShowsRegistrationOnly(paid, '/dashboard')).toBe(false);
  });
});

describe('routeDecision', () => {
  it.each<RouteAccess>(['public', 'signed-out', 'signed-in', 'registered', 'admin'])(
    'waits while the session is restored (%s)',
    (access) => {
      expect(where(access, loading)).toBe('loading');
    },
  );

  it('lets anyone open public routes', () => {
    expect(where('public', visitor)).toBe('allow');
    expect(where('public', member)).toBe('allow');
  });

  it('sends visitors to /login from every protected route, remembering where they were', () => {
    for (const access of ['signed-in', 'registered', 'admin'] as const) {
      expect(routeDecision(access, visitor)).toEqual({
        kind: 'redirect',
        to: '/login',
        rememberFrom: true,
      });
    }
  });

  it('sends a member still registering from the member screens to /register', () => {
    expect(where('registered', member)).toBe('/register');
  });

  it('waits for billing before deciding on the member screens, and offers a retry if it is down', () => {
    const reading: SessionState = {
      status: 'signed-in',
      user: aUser('MEMBER', null),
      membership: 'loading',
    };
    expect(where('registered', reading)).toBe('loading');
    expect(where('registered', { ...reading, membership: 'unavailable' })).toBe('unavailable');
    // Screens that do not depend on registration open at once.
    expect(where('signed-in', reading)).toBe('allow');
    expect(where('public', reading)).toBe('allow');
    // An admin needs no registration, so billing's answer does not matter.
    expect(where('registered', { ...reading, user: aUser('ADMIN', null) })).toBe('allow');
  });

  it('lets a member still registering open the payment result pages', () => {
    expect(where('signed-in', member)).toBe('allow');
  });

  it('sends members away from the admin routes to /dashboard', () => {
    expect(where('admin', member)).toBe('/dashboard');
  });

  it('lets admins into admin and member screens without a registration', () => {
    expect(where('admin', admin)).toBe('allow');
    expect(where('registered', admin)).toBe('allow');
    expect(where('signed-in', admin)).toBe('allow');
  });

  it('sends a signed-in user from sign-in to where they came from, or the dashboard', () => {
    expect(where('signed-out', visitor)).toBe('allow');
    expect(where('signed-out', member)).toBe('/dashboard');
    expect(routeDecision('signed-out', member, { from: '/profile?tab=1' })).toEqual({
      kind: 'redirect',
      to: '/profile?tab=1',
    });
  });
});

describe('returnPath', () => {
  it('accepts only paths inside the app', () => {
    expect(returnPath({ from: '/memorials' })).toBe('/memorials');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: 42 })).toBe('/dashboard');
  });
});

describe('headerShowsRegistrationOnly', () => {
  it('reduces the header on /register, for everyone', () => {
    expect(headerShowsRegistrationOnly(visitor, '/register')).toBe(true);
    expect(headerShowsRegistrationOnly(admin, '/register')).toBe(true);
  });

  it('reduces the header everywhere for a member still registering', () => {
    expect(headerShowsRegistrationOnly(member, '/')).toBe(true);
    expect(headerShowsRegistrationOnly(member, '/faq')).toBe(true);
  });

  it('shows the full header to visitors and admins elsewhere', () => {
    expect(headerShowsRegistrationOnly(visitor, '/')).toBe(false);
    expect(headerShowsRegistrationOnly(admin, '/dashboard')).toBe(false);
    expect(headerShowsRegistrationOnly(loading, '/')).toBe(false);
  });
});
