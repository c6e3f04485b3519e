/**
 * Registration step 1 (Personal Information): its headings, labels and links. The labels are the
 * ones the sign-up schema names in "{label} is required", so that message reads in any language
 * (Email and Password are the sign-in page's, SignInMessages).
 */
export const RegistrationMessages = {
  allRequired: 'All fields are required unless marked optional.',
  aboutYou: 'About you',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  account: 'Account',
  passwordHint: 'At least 6 characters',
  confirmPassword: 'Confirm password',
  confirmPasswordHint: 'Type the same password again',
  showPasswords: 'Show passwords',
  hidePasswords: 'Hide passwords',
  address: 'Address',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State',
  selectState: 'Select a state',
  zipCode: 'ZIP code',
  citizen: 'I am a US Citizen or a US legal resident',
  createAccount: 'Create Account',
  alreadyMember: 'Already a member?',
} as const;
