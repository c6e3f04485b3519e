import { maskEmail, maskPhone } from './masking';

describe('masking where a code went', () => {
  it.each([
    ['amina@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['yusuf.ali+jibs@mail.example.org', 'y***@mail.example.org'],
    ['not-an-email', '***'],
  ])('shows %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    ['+13135550199', '(***) ***-0199'],
    ['(555) 123-4567', '(***) ***-4567'],
    ['12', '(***) ***-**12'],
  ])('shows %s as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
