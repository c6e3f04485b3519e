import { Relationship, validateHousehold } from '@jibs/domain';
import { emptyMemberForm, toDomainDraft, toMemberInput, type MemberForm } from './household-form';

const aChild = (change: Partial<MemberForm> = {}): MemberForm => ({
  ...emptyMemberForm(),
  firstName: ' Yusuf ',
  lastName: 'Rahman',
  dateOfBirth: '2015-04-01',
  relationship: 'CHILD',
  ...change,
});

describe('household form', () => {
  it('maps the relationship to the shared rules', () => {
    expect(toDomainDraft(aChild()).relationship).toBe(Relationship.CHILD);
  });

  it('sends certifications only for the relationship they belong to', () => {
    expect(toMemberInput(aChild({ childCertified: true, parentCertified: true }))).toEqual({
      firstName: 'Yusuf',
      lastName: 'Rahman',
      dateOfBirth: '2015-04-01',
      relationship: 'CHILD',
      childCertified: true,
      isWorkingFullTime: false,
      parentCertified: null,
    });
  });

  it('lets a child who works full time pass without the certification', () => {
    const result = validateHousehold({
      members: [toDomainDraft(aChild({ isWorkingFullTime: true }))],
      sameAddressCertified: true,
    });
    expect(result.ok).toBe(true);
  });
});
