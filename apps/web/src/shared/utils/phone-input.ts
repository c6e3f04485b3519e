import { formatPhone, PHONE_MAX_LENGTH, phoneDigits } from '@jibs/domain';

/**
 * The phone field's next value as the member types, deletes or pastes: always shown as
 * (555) 123-4567, never longer than 14 characters. Deleting only a separator would change
 * nothing once reformatted, so it deletes the digit before it instead.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  let digits = phoneDigits(typed);
  if (typed.length < previous.length && digits === phoneDigits(previous)) {
    let changedAt = 0;
    while (changedAt < typed.length && typed[changedAt] === previous[changedAt]) changedAt += 1;
    const digitsBefore = phoneDigits(previous.slice(0, changedAt)).length;
    if (digitsBefore > 0) digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
  }
  return formatPhone(digits).slice(0, PHONE_MAX_LENGTH);
}
