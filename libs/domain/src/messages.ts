/**
 * User-facing messages. Where the product specification words a message, it is used verbatim;
 * the rest are written in the same voice. Servers and clients both read them from here.
 */
export const Messages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  invalidPhone: 'Please enter a valid 10-digit phone number',
  invalidEmail: 'Please enter a valid email address',
  invalidState: 'Please select a valid US state',
  invalidZip: 'Please enter a valid 5-digit ZIP code',
  invalidDateOfBirth: 'Please enter a valid date of birth',
  citizenshipRequired: 'You must certify that you are a US Citizen or a US legal resident',
  emailTaken: 'An account with this email already exists',
  loginFailed: 'Invalid email or password. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  maintenance:
    'We are doing some maintenance right now. Please check back soon; your data is safe.',
  unexpected: 'An unexpected error occurred. Please try again.',
  serviceUnavailable:
    'This part of JIBS is temporarily unavailable. Please try again in a few minutes.',
  /** The generic toast's title and its wordings (spec 8, Generic toast). */
  somethingWentWrongTitle: 'Something went wrong',
  networkError: 'Network error. Please check your connection and try again.',
  serverError: 'Server error. Please try again later.',
  checkInput: 'Please check your input and try again.',
  loginFailedTitle: 'Login Failed',
  /** Sign-in and password reset toasts (spec 8, "Sign-in and account"). */
  signedInTitle: 'Welcome back!',
  signedInMessage: 'You have successfully signed in.',
  emailRequiredTitle: 'Email Required',
  resetLinkSentTitle: 'Reset Link Sent',
  resetLinkSentMessage: 'Check your email for a password reset link.',
  /** The product's titles for refusals the spec words no title for. */
  tooManyAttemptsTitle: 'Too Many Attempts',
  signInAgainTitle: 'Please Sign In Again',
  registrationFailedTitle: 'Registration Failed',
  correctHighlightedFields: 'Please correct the highlighted fields.',
  welcomeTitle: 'Welcome to JIBS',
  invalidLogin: 'Invalid login credentials',
  signInThrottled: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  verificationCodeFormat: 'Please enter a 6-digit verification code',
  verificationCodeInvalid: 'The code is incorrect or has expired. Please check it and try again.',
  verificationCodeAttempts: 'Too many incorrect codes. Please request a new code.',
  verificationResendTooSoon: 'Please wait a moment before requesting another code.',
  verificationTotpNoCode: 'Authenticator apps make their own codes; no code is sent.',
  emailRequiredForReset: 'Please enter your email address first.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  challengeInvalid: 'Your sign-in has expired. Please sign in again.',
  formsThrottled: 'You have sent several messages in a short time. Please try again later.',
  /**
   * A member whose registration fee is unpaid asks for what needs completed registration: the
   * spec's words (its household refusal, up to where it names the household).
   */
  registrationRequired: 'Registration Required: Please complete your registration payment',
} as const;

/** The first notification a new member receives. */
export function welcomeMessage(firstName: string): string {
  return `Welcome, ${firstName}. Your account has been created. Continue your registration to add your household and pay the registration fee.`;
}

/** "{Field} is required" for required fields the specification gives no own message for. */
export function requiredMessage(label: string): string {
  return `${label} is required`;
}
