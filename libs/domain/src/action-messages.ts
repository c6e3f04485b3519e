/** Words for what a reader can do next, said on many screens. */
export const ActionMessages = {
  tryAgain: 'Try again',
  contactSupport: 'Contact support',
} as const;
