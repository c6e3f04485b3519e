/** The sign-in page's texts; registration and the other forms label their email and password alike. */
export const SignInMessages = {
  signIn: 'Sign in',
  backHome: '← Back to home',
  email: 'Email',
  password: 'Password',
  welcomeBack: 'Welcome back. Sign in to your JIBS account.',
  forgotPassword: 'Forgot your password?',
  sendingLink: 'Sending the link…',
  newToJibs: 'New to JIBS?',
  createAccount: 'Create an account',
} as const;
