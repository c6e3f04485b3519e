import { DocumentPageMessages } from './memorial-page-messages';
import { CaseNotifications } from './notification-messages';

/**
 * Values the services store and send in English (a report's relationship, a case's steps and
 * checklist items, an expense's category and payee): the screens show them through
 * `translateText`, which finds them here; the values sent stay English.
 */
export const CaseValueMessages = {
  accountHolder: 'The account holder',
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  grandparent: 'Grandparent',
  grandchild: 'Grandchild',
  otherFamilyMember: 'Other Family Member',
  friend: 'Friend',
  other: DocumentPageMessages.other,
  stepSubmitted: 'Report submitted',
  stepUnderReview: CaseNotifications.underReview,
  stepApproved: 'Report approved',
  stepRejected: 'Report not approved',
  stepChecklist: 'Checklist updated',
  stepBurialDone: CaseNotifications.burialDone,
  stepClaimUpdated: 'Assistance claim updated',
  stepProposed: 'Assistance payout proposed',
  stepPayoutApproved: 'Assistance payout approved',
  stepPaid: 'Assistance paid',
  itemDeathCertificate: 'Death certificate uploaded',
  itemBurialPermit: 'Burial permit',
  itemGhusl: 'Ghusl arranged',
  itemKafan: 'Kafan',
  itemJanazahPrayer: 'Janazah prayer',
  itemBurial: 'Burial',
  expenseFuneralHome: 'Funeral home',
  expenseBurialPlot: 'Burial plot',
  expenseGrave: 'Grave opening and closing',
  expenseGhuslKafan: 'Ghusl and kafan',
  expenseTransport: 'Transport',
  payeeCemetery: 'Cemetery',
  payeeFamily: 'The family',
} as const;
