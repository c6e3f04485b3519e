/** The sign-in page's own texts (its field labels are registration's). */
export const SignInMessages = {
  welcomeBack: 'Welcome back. Sign in to your JIBS account.',
  forgotPassword: 'Forgot your password?',
  sendingLink: 'Sending the link…',
  newToJibs: 'New to JIBS?',
  createAccount: 'Create an account',
} as const;
