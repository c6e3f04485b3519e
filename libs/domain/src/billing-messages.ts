/**
 * Billing's refusals a client may show, and the reasons an admin reads on a payment that was
 * taken but not counted (and is refunded).
 */
export const BillingMessages = {
  /** The spec's sign-in wording ('Email Not Verified'), for a member who never verified. */
  emailNotVerified: 'Email Not Verified: Please verify your account to continue.',
  /** startSubscriptionCheckout's CONFLICT for a member whose dues are already being paid. */
  alreadySubscribed: 'You already have an active monthly dues subscription.',
} as const;

/** Why a payment the provider took is not counted: each is refunded and listed for admins. */
export const FlagReasons = {
  unknownCheckout: 'The payment is for a checkout billing did not start.',
  expiredCheckout:
    'The checkout had expired (the household changed or a newer checkout replaced it).',
  householdChanged: 'The household changed after the registration checkout was started.',
  amountMismatch: 'The amount paid differs from the amount of the checkout.',
  registrationAlreadyPaid: 'The registration fee was already paid.',
  memberRemoved: 'The household member was removed before the payment arrived.',
  memberFeeAlreadyPaid: "The household member's fee was already paid.",
  secondSubscription:
    'A second monthly subscription: it was cancelled at once and its charge is refunded.',
} as const;
