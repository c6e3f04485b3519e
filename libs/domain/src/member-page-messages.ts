import { CommonWords } from './common-words';
/** The member's profile page (/profile): details, address, language and dates. */
export const MemberProfileMessages = {
  title: 'Your Profile',
  breadcrumb: CommonWords.profile,
  loading: 'Loading your profile…',
  signInToSee: 'Please sign in to see your profile.',
  goToLogin: 'Go to Login',
  notFoundText: 'We could not find a profile for your account.',
  returnToDashboard: 'Return to Dashboard',
  intro: 'Changes to your phone number and address are saved as soon as you leave each field.',
  cannotChange:
    'Your name, email and date of birth cannot be changed here. If one of them is wrong, please contact us.',
  addressInformation: 'Address Information',
  saving: 'Saving',
  saved: 'Saved',
  languageAndDates: 'Language and Dates',
  languageIntro: 'These pages, your emails and your text messages use the language you choose.',
  showHijri: 'Show the Hijri date beside the Gregorian one',
} as const;

/** The profile's Security section and its dialogs (two-step sign-in, recovery codes). */
export const MemberSecurityMessages = {
  title: 'Security',
  intro:
    'Two-step sign-in: after your password, we also ask for a code from your phone. Any change here signs you out on your other devices, and we email you about it.',
  on: 'On',
  off: 'Off',
  authenticatorText:
    'An app such as Google Authenticator or Microsoft Authenticator shows a new code every 30 seconds.',
  adminsAlways: 'Admins always sign in with one.',
  turnOffAuthenticator: 'Turn Off Authenticator',
  turnOnAuthenticator: 'Turn On Authenticator',
  textCodes: 'Codes by text message',
  textCodeVerified: (phone: string) => `We text a code to ${phone} (verified).`,
  textCodeUnverified: (phone: string) =>
    `We text a code to ${phone} once you have verified this number.`,
  addPhoneFirst: 'Add a phone number above to use codes by text message.',
  turnOffTextCodes: 'Turn Off Text Codes',
  turnOnTextCodes: 'Turn On Text Codes',
  recoveryCodes: 'Recovery codes',
  recoveryCodesText:
    'Each one signs you in once if you lose your phone. Lost them too? Make new ones.',
  makeNewRecoveryCodes: 'Make New Recovery Codes',
  saveCodesTitle: 'Save your recovery codes now',
  saveCodesText:
    'If you lose your phone, each of these codes lets you sign in once instead of the code from your phone. They are shown only this once: keep them somewhere safe, such as a password manager or a printed page.',
  copied: CommonWords.copied,
  copyCodes: 'Copy codes',
  codesCopied: 'The recovery codes are copied.',
  download: 'Download',
  makeNewLater:
    'You can make new codes on your profile, under Security; the old ones then stop working.',
  savedCodes: 'I have saved my recovery codes',
} as const;
