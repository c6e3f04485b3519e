import {
  HouseholdMessages,
  Relationship,
  validateHousehold,
  validateHouseholdMember,
} from './household.schema';

const today = new Date('2026-06-01T12:00:00Z');
const spouse = {
  firstName: 'Amina',
  lastName: 'Ali',
  relationship: Relationship.SPOUSE,
  dateOfBirth: '1980-02-01',
};

describe('household rules', () => {
  it('accepts a certified household', () => {
    const result = validateHousehold({ members: [spouse], sameAddressCertified: true }, today);
    expect(result).toEqual({
      ok: true,
      value: [{ ...spouse, isWorkingFullTime: null, isDependentParent: null }],
    });
  });

  it('needs no certification for an empty household', () => {
    expect(validateHousehold({ members: [] }, today).ok).toBe(true);
  });

  it("uses the spec's messages", () => {
    const result = validateHousehold(
      {
        members: [
          { ...spouse, firstName: '' },
          { ...spouse, relationship: Relationship.PARENT },
        ],
      },
      today,
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        'members.0.firstName': HouseholdMessages.firstNameRequired,
        'members.1.parentCertified': HouseholdMessages.parentCertificationRequired,
        sameAddressCertified: HouseholdMessages.sameAddressRequired,
      },
    });
  });

  it('lets a child who works full time be listed without the certification', () => {
    const result = validateHouseholdMember(
      { ...spouse, relationship: Relationship.CHILD, isWorkingFullTime: true },
      'wizard',
      '',
      today,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { isWorkingFullTime: true, isDependentParent: null },
    });
  });

  it('refuses a birth date in the future or not on the calendar', () => {
    for (const [dateOfBirth, message] of [
      ['2026-06-02', HouseholdMessages.futureBirthDate],
      ['2001-02-29', HouseholdMessages.invalidBirthDate],
      ['01/02/2001', HouseholdMessages.invalidBirthDate],
    ])
      expect(validateHouseholdMember({ ...spouse, dateOfBirth }, 'wizard', '', today)).toEqual({
        ok: false,
        fieldErrors: { dateOfBirth: message },
      });
  });

  it("asks the profile form only for its required fields, with the profile's message", () => {
    expect(validateHouseholdMember({ firstName: 'Amina' }, 'profile', '', today)).toEqual({
      ok: false,
      fieldErrors: {
        lastName: HouseholdMessages.profileFieldsRequired,
        relationship: HouseholdMessages.profileFieldsRequired,
        dateOfBirth: HouseholdMessages.profileFieldsRequired,
      },
    });
  });
});
