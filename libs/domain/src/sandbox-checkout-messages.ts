/**
 * The sandbox payment provider's own pages (billing serves them in place of Stripe's checkout and
 * customer portal), in the reader's language like Stripe's. Amounts come formatted.
 */
export const SandboxCheckoutMessages = {
  title: 'JIBS checkout',
  sandboxNote: 'Sandbox payment page: no real card is charged.',
  perMonth: 'per month',
  monthlyMembership: 'Monthly family membership',
  cardNumber: 'Card number',
  pay: (amount: string) => `Pay ${amount}`,
  testCards: 'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
  declined: 'Your card was declined. Please try another card.',
  useTestCard:
    'Please use a test card: 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).',
  notFoundTitle: 'Not found',
  notFound: 'Checkout not found',
  expiredTitle: 'Checkout expired',
  expired: 'This checkout has expired',
  expiredBody: 'Nothing was charged. Please return to JIBS and start the payment again.',
  portalTitle: 'Billing portal',
  portalBody:
    "Sandbox: there is no stored card to update here. With Stripe this page is Stripe's Customer Portal.",
  portalReturn: 'Return to JIBS',
} as const;
