import { phoneDigits } from '@jibs/domain';

/** 'amina@example.com' -> 'a***@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** '+13135550199' -> '(***) ***-0199'. */
export function maskPhone(phone: string): string {
  const digits = phoneDigits(phone);
  return `(***) ***-${digits.slice(-4).padStart(4, '*')}`;
}
