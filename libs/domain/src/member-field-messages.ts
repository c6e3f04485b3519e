import { CommonWords } from './common-words';
/**
 * Field names the member's pages share with registration, memorials, the contact form and the
 * admin console: a small object of its own, so a page that names one does not load the rest.
 */
export const MemberFieldMessages = {
  fullName: CommonWords.fullName,
  personalInformation: CommonWords.personalInformation,
  authenticatorApp: CommonWords.authenticatorApp,
} as const;
