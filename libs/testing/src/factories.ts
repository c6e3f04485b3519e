import { randomBytes } from 'node:crypto';

/**
 * A valid registration (sign-up step 1) with a unique email, any field replaced. Used by
 * identity's integration tests and the end-to-end tests alike.
 */
export function aSignUp(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Yusuf',
    lastName: 'Ali',
    email: `yusuf.${Date.now().toString(36)}.${randomBytes(5).toString('hex')}@example.com`,
    password: 'secret-123',
    confirmPassword: 'secret-123',
    phone: '(313) 555-0199',
    dateOfBirth: '1975-09-30',
    addressLine1: '4 Elm St',
    city: 'Dearborn',
    state: 'MI',
    zipCode: '48126',
    isUsCitizen: true,
    ...overrides,
  };
}

export type HouseholdRelationship = 'SPOUSE' | 'CHILD' | 'PARENT';

const HOUSEHOLD_DEFAULTS: Record<HouseholdRelationship, Record<string, unknown>> = {
  SPOUSE: { firstName: 'Amina', dateOfBirth: '1980-02-01' },
  CHILD: { firstName: 'Omar', dateOfBirth: '2010-06-15', childCertified: true },
  PARENT: { firstName: 'Fatima', dateOfBirth: '1950-03-10', parentCertified: true },
};

/** One valid household member (billing's `HouseholdMemberInput`), any field replaced. */
export function aHouseholdMember(
  relationship: HouseholdRelationship = 'SPOUSE',
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { lastName: 'Ali', relationship, ...HOUSEHOLD_DEFAULTS[relationship], ...overrides };
}

/**
 * A valid household (billing's `SaveHouseholdInput`): a spouse and a child by default, the same
 * address certified.
 */
export function aHousehold(
  members: object[] = [aHouseholdMember('SPOUSE'), aHouseholdMember('CHILD')],
  overrides: Record<string, unknown> = {},
): { members: object[]; sameAddressCertified: boolean } {
  return { members, sameAddressCertified: true, ...overrides };
}

/** The current month and the 11 before it, 'YYYY-MM', oldest first (UTC): a chart's months. */
export function last12Months(now = new Date()): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1))
      .toISOString()
      .slice(0, 7),
  );
}
