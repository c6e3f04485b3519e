import { fieldErrorsOf, signUpSchema } from './sign-up.schema';

const valid = {
  firstName: 'Amina',
  lastName: 'Rahman',
  email: 'Amina@Example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  phone: '(555) 123-4567',
  dateOfBirth: '1980-04-12',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Dearborn',
  state: 'MI',
  zipCode: '48126',
  isUsCitizen: true,
};

const errorsOf = (input: object) => {
  const result = signUpSchema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe('signUpSchema', () => {
  it('accepts a valid registration and normalises the email', () => {
    const result = signUpSchema.parse(valid);
    expect(result.email).toBe('amina@example.com');
  });

  it.each([
    [
      { password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters long',
    ],
    [{ confirmPassword: 'other1' }, 'confirmPassword', 'Passwords do not match'],
    [{ phone: '555-1234' }, 'phone', 'Please enter a valid 10-digit phone number'],
    [{ state: 'DC' }, 'state', 'Please select a valid US state'],
    [{ zipCode: 'ABCDE' }, 'zipCode', 'Please enter a valid 5-digit ZIP code'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [
      { isUsCitizen: false },
      'isUsCitizen',
      'You must certify that you are a US Citizen or a US legal resident',
    ],
    [{ dateOfBirth: '1980-02-30' }, 'dateOfBirth', 'Please enter a valid date of birth'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ city: undefined }, 'city', 'City is required'],
  ])('refuses %o with the product message', (override, field, message) => {
    expect(errorsOf({ ...valid, ...override })[field]).toBe(message);
  });

  it('reports mismatched passwords together with other problems', () => {
    const errors = errorsOf({ ...valid, city: '', confirmPassword: 'different' });
    expect(errors).toMatchObject({
      city: 'City is required',
      confirmPassword: 'Passwords do not match',
    });
  });
});
