/** 'card' (through the payment provider), 'cash', 'check' as shown. */
export function methodLabel(method: string): string {
  switch (method) {
    case 'cash':
      return 'Cash';
    case 'check':
      return 'Check';
    case 'card':
      return 'Card';
    default:
      return 'Unknown';
  }
}

/** What a payment was for. */
export function paymentTypeLabel(type: string): string {
  switch (type) {
    case 'REGISTRATION':
      return 'Registration fee';
    case 'MEMBERSHIP':
      return 'Monthly dues';
    case 'OTHER':
      return 'Other';
    default:
      return 'Unknown';
  }
}

/** Payment statuses (spec 4): completed green, pending yellow, failed or cancelled red, else grey. */
export function paymentStatusColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'COMPLETED':
      return 'green';
    case 'PENDING':
      return 'yellow';
    case 'FAILED':
    case 'CANCELLED':
      return 'red';
    default:
      return 'gray';
  }
}

/** 'COMPLETED' → 'Completed', 'PAST_DUE' → 'Past due'; an unknown value reads 'Unknown'. */
export function enumLabel(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Membership badges: active green, pending yellow, inactive red, else grey. */
export function membershipColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'ACTIVE':
      return 'green';
    case 'PENDING':
      return 'yellow';
    case 'INACTIVE':
      return 'red';
    default:
      return 'gray';
  }
}
