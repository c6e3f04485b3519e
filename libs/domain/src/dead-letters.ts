/** The longest reason an operator may give for discarding a dead letter. */
export const DEAD_LETTER_REASON_MAX = 500;

/** What the Operations page and the `events dlq` command answer about dead letters. */
export const DeadLetterMessages = {
  notFound: 'This dead letter was not found. It may have been replayed or discarded already.',
  alreadyHandled: 'This dead letter was already replayed or discarded.',
  reasonRequired: 'Please give a reason for discarding this dead letter.',
  reasonTooLong: `The reason can be at most ${DEAD_LETTER_REASON_MAX} characters.`,
  notAnEvent: 'This dead letter is not a valid event and cannot be replayed. Discard it instead.',
  replayed: 'The event was published again.',
  discarded: 'The dead letter was discarded.',
} as const;

/**
 * The discard reason, trimmed, or the message that refuses it: the one check the server and
 * the dialog share.
 */
export function checkDiscardReason(
  reason: string | null | undefined,
): { reason: string } | { error: string } {
  const trimmed = (reason ?? '').trim();
  if (!trimmed) return { error: DeadLetterMessages.reasonRequired };
  if (trimmed.length > DEAD_LETTER_REASON_MAX) return { error: DeadLetterMessages.reasonTooLong };
  return { reason: trimmed };
}
