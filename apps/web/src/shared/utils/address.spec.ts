import { formatAddress } from './address';

describe('formatAddress', () => {
  it('joins the parts on one line', () => {
    expect(
      formatAddress({
        addressLine1: '12 Oak St',
        addressLine2: 'Apt 4',
        city: 'Dearborn',
        state: 'MI',
        zipCode: '48126',
      }),
    ).toBe('12 Oak St, Apt 4, Dearborn, MI 48126');
  });

  it('leaves out what is missing', () => {
    expect(
      formatAddress({
        addressLine1: '12 Oak St',
        addressLine2: null,
        city: 'Dearborn',
        state: 'MI',
        zipCode: null,
      }),
    ).toBe('12 Oak St, Dearborn, MI');
  });
});
