/** The sign-in page's own texts beyond SignInMessages. */
export const PublicSignInMessages = {
  codeStep: 'One more step to keep your account safe.',
  adminTotpStep: 'Administrators protect their account with an authenticator app.',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
