import {
  addressLines,
  membershipColor,
  membershipLabel,
  pageCount,
  userStatusVariable,
  UserToasts,
} from './user-display';

describe('admin users display', () => {
  it('sends the status filter as the server reads it, nothing for All', () => {
    expect(userStatusVariable('ACTIVE')).toBe('active');
    expect(userStatusVariable('INACTIVE')).toBe('inactive');
    expect(userStatusVariable('ALL')).toBeUndefined();
    expect(userStatusVariable(null)).toBeUndefined();
  });

  it('words statuses and their colours, unknown ones grey', () => {
    expect([membershipLabel('PENDING'), membershipColor('PENDING')]).toEqual(['Pending', 'yellow']);
    expect([membershipLabel('REVOKED'), membershipColor('REVOKED')]).toEqual(['Unknown', 'gray']);
  });

  it('writes the address as line 1 and city, state and zip, leaving out what is missing', () => {
    expect(
      addressLines({ addressLine1: '4 Elm St', city: 'Dearborn', state: 'MI', zipCode: '48126' }),
    ).toEqual(['4 Elm St', 'Dearborn, MI 48126']);
    expect(addressLines({ addressLine1: null, city: null, state: null, zipCode: null })).toEqual(
      [],
    );
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it("uses the spec's toast wording", () => {
    expect(UserToasts.roleUpdated('ADMIN').message).toBe('User role updated to admin');
    expect(UserToasts.statusUpdated('INACTIVE').message).toBe(
      'Membership status updated to inactive',
    );
    expect(UserToasts.statusFailed('User not found').message).toBe(
      'Failed to update membership status: User not found',
    );
  });
});
