import { RegistrationWizardMessages } from '@jibs/domain';

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
      return RegistrationWizardMessages.registrationFee;
    case 'MEMBERSHIP':
      return RegistrationWizardMessages.monthlyDues;
    case 'OTHER':
      return 'Other';
    default:
      return 'Unknown';
  }
}
