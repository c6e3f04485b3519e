/** Badge colours of payment statuses (spec 4): paid green, pending yellow, failed red, else grey. */
export function paymentStatusColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status.toLowerCase()) {
    case 'completed':
    case 'paid':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'failed':
    case 'cancelled':
    case 'canceled':
      return 'red';
    default:
      return 'gray';
  }
}

/** 'COMPLETED' → 'Completed', 'PAST_DUE' → 'Past due'. */
export function enumLabel(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Session ids are shown truncated to 8 characters (spec 9). */
export function shortSessionId(sessionId: string | null): string | null {
  return sessionId ? sessionId.slice(0, 8) : null;
}
