/**
 * The public pages', the layout's and sign-in's own texts, translated like every other message
 * (issue 27). Split by where they load, so a route's first load carries only its own.
 */

/** The layout's texts every page carries (footer, breadcrumbs, loaders, the small screens' menu, the
 * landing page's fee card): kept small, they are in the first load of every route. */
export const PublicLayoutMessages = {
  footerTagline: 'Membership and burial assistance for the households of our community.',
  help: 'Help',
  policies: 'Policies',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  contactUs: 'Contact us',
  breadcrumb: 'Breadcrumb',
  homeCrumb: 'Home',
  loading: 'Loading…',
  loadingShort: 'Loading',
  menu: 'Menu',
  signedOut: 'Signed out',
  membershipFees: 'Membership fees',
  registrationFee: 'Registration',
  registrationFeeDetail: 'One time, per household',
  memberFee: 'Each added family member',
  memberFeeDetail: 'Spouse, child not working full-time, or dependent parent; one time',
  monthlyDues: 'Monthly membership',
  monthlyDuesDetail: 'Per family, each month',
  paidByCard: 'Paid securely by card.',
  howPaymentsWork: 'How payments work',
} as const;

/** The sign-in page's own texts beyond SignInMessages. */
export const PublicSignInMessages = {
  codeStep: 'One more step to keep your account safe.',
  adminTotpStep: 'Administrators protect their account with an authenticator app.',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;

/** Two-step sign-in: the code step, recovery codes, the authenticator's setup and the code boxes
 * (shared with the profile's security page); loaded with those steps. */
export const PublicTwoStepMessages = {
  backToPassword: '← Back to email and password',
  setUpAuthenticator: 'Set up your authenticator app',
  twoStepSignIn: 'Two-step sign-in',
  setupIntro: 'Add JIBS to an authenticator app now; from then on, you sign in with its code.',
  textedIntro: 'Enter the 6-digit code we just texted to your phone. It can be used for 10 minutes.',
  appIntro: 'Enter the 6-digit code from your authenticator app',
  appCodeHint: 'The code your app shows for JIBS',
  finishSignIn: 'Finish Sign In',
  noTextUseRecovery: 'No text? Use a recovery code',
  lostPhoneUseRecovery: 'Lost your phone? Use a recovery code',
  useRecoveryCode: 'Use a recovery code',
  recoveryIntro:
    'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each code works once.',
  recoveryCode: 'Recovery code',
  useCodeInstead: 'Use the code from my phone instead',
  openAuthenticator:
    'Open an authenticator app on your phone, such as Google Authenticator or Microsoft Authenticator.',
  scanQr: 'Scan the QR code below, or type the key into the app.',
  enterAppCode: 'Enter the 6-digit code the app shows for JIBS.',
  qrAlt:
    'QR code for adding JIBS to your authenticator app. If you cannot scan it, type the key shown beside it.',
  cantScan: "Can't scan the code? Enter this key",
  copied: 'Copied',
  copyKey: 'Copy key',
  keyCopied: 'The key is copied.',
  verificationCode: 'Verification code',
  digitOf: (digit: number, total: number) => `Digit ${digit} of ${total}`,
} as const;

/** The contact page and form (/contact), and the public forms' notices. */
export const PublicContactMessages = {
  contactTitle: 'Contact Us',
  contactIntro:
    'We are here to help with your membership, a death report or any other question. Write to us below or use the details on this page.',
  getInTouch: 'Get in touch',
  whenDeathOccurred: 'When a death has occurred',
  callRightAway: 'If you need help right away, please call',
  membersCanAlso: 'Members can also',
  submitDeathReportLink: 'submit a death report',
  reportOnline: 'online. Our team contacts the family within 24–48 hours.',
  sendUsAMessage: 'Send us a message',
  loadingForm: 'Loading the form…',
  messageSent: 'Message sent',
  callSooner: 'If you need help sooner, please call',
  sendMessage: 'Send Message',
  name: 'Name',
  phoneOptional: 'Phone (optional)',
  phoneHint: 'If you would like us to call you back',
  subject: 'Subject',
  chooseSubject: 'Choose a subject',
  helpNowTitle: 'If you need help now',
  helpNowCall: 'If someone has passed away and you need help right away, please call us at',
  helpNowAfter: 'Calling is the quickest way to reach us; messages are answered within 24 hours.',
  message: 'Message',
  subjectGeneral: 'General Inquiry',
  subjectMembership: 'Membership',
  subjectServices: 'Services',
  subjectBilling: 'Billing',
  subjectSupport: 'Support',
  subjectEmergency: 'Emergency',
  messageNotSent: 'Your message was not sent',
  tryLater: 'Please try again a little later',
  checkForm: 'Please check the form',
} as const;

/** The public pages' other texts: not-found, the FAQ page around its answers, its question form,
 * and the reset-password page. */
export const PublicSiteMessages = {
  notFoundText:
    'We could not find the page you were looking for. It may have moved, or the address may be mistyped.',
  backToHome: 'Back to Home',
  returnToHome: 'Return to Home',
  faqTitle: 'Frequently Asked Questions',
  faqIntro: 'Answers to the questions families ask us most. Select a question to read its answer.',
  faqAlsoContactBefore: 'You can also',
  faqAlsoContactLink: 'contact us directly',
  haveAQuestion: 'Have a Question?',
  questionIntro: 'If your question is not answered above, send it to us and we will reply by email.',
  hideQuestionForm: 'Hide the question form',
  askAQuestion: 'Ask a Question',
  questionNotSent: 'Your question was not sent',
  questionSent: 'Question sent',
  sendQuestion: 'Send Question',
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  yourQuestion: 'Your Question',
  resetTitle: 'Reset your password',
  resetSubtitle: 'Choose a new password for your JIBS account.',
  passwordUpdated: 'Password Updated',
  passwordUpdatedText: 'Your password has been changed. Please sign in with your new password.',
  linkUnusable: 'This link cannot be used',
  goToSignIn: 'Go to Sign In',
  passwordNotChanged: 'Password Not Changed',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change Password',
  resetLinksOnce:
    'Reset links work once and only for a short time. On the sign-in page, enter your email and choose ‘Forgot your password?’ to get a new one.',
  backToSignIn: '← Back to sign in',
} as const;
