/** The landing's common questions, which the FAQ asks too (its own answers). */
export const LandingQuestionMessages = {
  reportQuestion: 'How do I report a death?',
  missedPaymentQuestion: 'What happens if I miss a payment?',
  safetyQuestion: 'Is my information safe?',
} as const;
