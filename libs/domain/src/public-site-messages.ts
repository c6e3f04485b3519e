import { CommonWords } from './common-words';
/** The public pages' other texts: not-found, the FAQ page around its answers, its question form,
 * and the reset-password page. */
export const PublicSiteMessages = {
  notFoundText:
    'We could not find the page you were looking for. It may have moved, or the address may be mistyped.',
  backToHome: CommonWords.backToHome,
  returnToHome: 'Return to Home',
  faqTitle: 'Frequently Asked Questions',
  faqIntro: 'Answers to the questions families ask us most. Select a question to read its answer.',
  faqAlsoContactBefore: 'You can also',
  faqAlsoContactLink: 'contact us directly',
  haveAQuestion: 'Have a Question?',
  questionIntro:
    'If your question is not answered above, send it to us and we will reply by email.',
  hideQuestionForm: 'Hide the question form',
  askAQuestion: 'Ask a Question',
  questionNotSent: 'Your question was not sent',
  questionSent: 'Question sent',
  sendQuestion: 'Send Question',
  fullName: 'Full Name',
  emailAddress: 'Email Address',
  yourQuestion: 'Your Question',
  question: 'Question',
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
