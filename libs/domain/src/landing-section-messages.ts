/**
 * The landing page below its first screen (landing-sections.tsx, loaded after the first render):
 * what JIBS helps with, memorials and the common questions' short answers.
 */
export const LandingSectionMessages = {
  howJibsHelps: 'How JIBS helps',
  membershipTitle: 'Membership burial assistance',
  membershipText:
    'Register your household once and keep a modest monthly membership. When a loved one passes away, your family can ask the community for help with the burial.',
  reportingTitle: 'Death reporting and case management',
  reportingText:
    'Report a death online whenever you are ready. Our team reviews each report, contacts your family within 24–48 hours and keeps you informed of its status.',
  memorialPagesTitle: 'Memorial pages',
  memorialPagesText:
    'Create a page to remember someone dear: their story, photos and the memories family and friends share. You choose who can see it.',
  supportTitle: 'Education and member support',
  supportText:
    'Clear guidance on what to do when a death occurs, answers to common questions, and a team you can contact about anything to do with your membership.',
  rememberTitle: 'Remember a loved one',
  rememberText:
    'Honour the memory of a loved one with a page for their story, their photos and the memories shared by the people who knew them.',
  browseMemorials: 'Browse Memorial Pages',
  createMemorial: 'Create a Memorial',
  commonQuestions: 'Common questions',
  reportAnswer:
    'Sign in and choose Submit Death Report from your dashboard. Our team reviews every report and contacts your family within 24–48 hours.',
  missedPaymentAnswer:
    'If three consecutive monthly payments are missed, the membership becomes inactive. Paying the overdue dues makes it active again.',
  safetyAnswer:
    'You see only your own household’s information, and everything travels over an encrypted connection.',
  allQuestions: 'Read all frequently asked questions',
} as const;
