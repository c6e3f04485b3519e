/** Phone numbers: typed as 10 digits, shown as (555) 123-4567, stored as +1XXXXXXXXXX. */
export const PHONE_MAX_LENGTH = 14;

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidPhone(value: string): boolean {
  const digits = phoneDigits(value);
  return (
    digits.length === 10 ||
    (digits.length === 11 && digits.startsWith('1') && value.trim().startsWith('+'))
  );
}

export function toE164(value: string): string {
  const digits = phoneDigits(value);
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

export function formatPhone(value: string): string {
  const digits = phoneDigits(value)
    .replace(/^1(?=\d{10}$)/, '')
    .slice(0, 10);
  if (digits.length < 4) return digits.length ? `(${digits}` : '';
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
