/**
 * Badge colours of payment statuses (spec 4), in both clients: completed or paid green,
 * pending yellow, failed or cancelled red, anything else grey.
 */
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

/** 'COMPLETED' → 'Completed', 'PAST_DUE' → 'Past due'; no value reads 'Unknown'. */
export function enumLabel(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
