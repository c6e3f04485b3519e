/**
 * The FAQ page's answers (/faq), translated like every other message (issue 27). A function's
 * parameters are what the page puts in the sentence: a figure of the settings, a link, a bold name.
 */
export const PublicFaqMessages = {
  reportSorry: (action: string) =>
    `We are sorry for your loss. When you are ready, sign in and choose ${action} from your dashboard. You will be asked for the name of the person who has passed away, the date and place of death, and your relationship to them. You can also add any notes that would help us.`,
  reportReview:
    'Our team reviews every report and contacts your family within 24–48 hours to guide you through what happens next. If any documents are needed, we will let you know.',
  reportCall: (phone: string) =>
    `If you need to speak with someone right away, please call us at ${phone}.`,
  documentsQuestion: 'What documents are required?',
  documentsIntro:
    'To confirm a membership or a death report, our team may ask for documents such as:',
  deathCertificate: 'a death certificate',
  photoId: 'a government-issued photo ID',
  citizenshipProof: 'proof of US citizenship or legal residence',
  relationshipProof: 'proof of your relationship to the person who has passed away',
  documentsUpload: (page: string, types: string, size: string) =>
    `You can upload them from the ${page} page in your account. We accept ${types} files of up to ${size} MB each. Our team reviews each document, and you can see its status in your account.`,
  documentsLater:
    'If a death certificate is not available yet, you can still submit your death report now and upload the certificate later.',
  paymentsQuestion: 'How do payments work?',
  paymentsFees: (registrationFee: string, memberFee: string) =>
    `When your household registers, you pay a one-time registration fee of ${registrationFee}. Each spouse, each child who is not working full-time, and each dependent parent you add is ${memberFee}, also paid once.`,
  paymentsMonthly: (monthlyDues: string) =>
    `After that, membership is ${monthlyDues} per month for the whole family, paid automatically each month by card. Card details are entered on our payment provider’s secure page; JIBS does not store them.`,
  paymentsHistory: 'Every payment you make is listed in your Payment History.',
  missedInactive:
    'If three consecutive monthly payments are missed, the membership becomes inactive. A month paid in between starts the count again, and paying the overdue dues makes the membership active again. We let you know each time a payment does not go through.',
  missedDifficult: (contactLink: string) =>
    `If you are finding it difficult to pay, please ${contactLink} early so we can talk it through together.`,
  contactLink: 'contact us',
  whatWeKeep: 'What we keep.',
  whatWeKeepText:
    'The information you give us to run your membership: your name, contact details, date of birth and address; the members of your household; the documents you upload; any death reports you submit; and a record of your payments.',
  whoCanSee: 'Who can see it.',
  whoCanSeeText:
    'When you sign in, you see only your own household’s information; other members cannot see it. A small number of authorised administrators can see members’ information, only to review reports and documents and to manage memberships. Each memorial page is public, for family only, or private, as the person who creates it chooses.',
  howProtected: 'How it is protected.',
  howProtectedText:
    'Everything travels between your device and our service over an encrypted connection (HTTPS). Your password is never stored as you typed it, only in a scrambled form that cannot be turned back into the password.',
  privacyPending: (contactLink: string) =>
    `A full written Privacy Policy is being prepared. Until it is published, this answer describes how your information is handled. If you have a question about your data, please ${contactLink}.`,
  termsQuestion: 'Where can I read the Terms of Service?',
  termsPending:
    'The full written Terms of Service are being prepared. Until they are published, the terms of membership are the ones described on this page: the registration fee and monthly membership, what happens when payments are missed, and how death reports are reviewed.',
  termsUnclear: (contactLink: string) =>
    `If anything is unclear, please ${contactLink}. We are happy to explain.`,
} as const;
