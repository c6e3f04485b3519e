import { EXPENSE_CATEGORY_LABELS, PAYEE_KIND_LABELS } from './assistance';
import { CASE_STEP_LABELS, DEFAULT_CASE_CHECKLIST } from './case-page';
import { CaseWords } from './case-words';

const checklistLabel = (key: string): string =>
  DEFAULT_CASE_CHECKLIST.find((item) => item.key === key)?.label ?? key;

/**
 * Values the services store and send in English (a report's relationship, a case's steps and
 * default checklist items, an expense's category and payee), named here so they are translated:
 * the screens show them through `translateText`; the values sent stay English. ('Under review'
 * and 'Burial done' are CaseNotifications' words, the janazah steps JanazahMessages'.)
 */
export const CaseValueMessages = {
  ...CaseWords,
  stepSubmitted: CASE_STEP_LABELS.submitted,
  stepApproved: CASE_STEP_LABELS.approved,
  stepRejected: CASE_STEP_LABELS.rejected,
  stepChecklist: CASE_STEP_LABELS.checklist,
  stepClaimUpdated: CASE_STEP_LABELS.claim_updated,
  stepProposed: CASE_STEP_LABELS.assistance_proposed,
  stepPayoutApproved: CASE_STEP_LABELS.assistance_approved,
  stepPaid: CASE_STEP_LABELS.assistance_paid,
  claimOpened: 'Assistance claim opened',
  itemDone: (item: string) => `${item}: done`,
  itemNotDone: (item: string) => `${item}: not done`,
  itemDeathCertificate: checklistLabel('death_certificate'),
  itemBurialPermit: checklistLabel('burial_permit'),
  itemGhusl: checklistLabel('ghusl'),
  itemKafan: checklistLabel('kafan'),
  itemJanazahPrayer: checklistLabel('janazah_prayer'),
  itemBurial: checklistLabel('burial'),
  expenseFuneralHome: EXPENSE_CATEGORY_LABELS.funeral_home,
  expenseBurialPlot: EXPENSE_CATEGORY_LABELS.burial_plot,
  expenseGrave: EXPENSE_CATEGORY_LABELS.grave_opening_closing,
  expenseGhuslKafan: EXPENSE_CATEGORY_LABELS.ghusl_kafan,
  expenseTransport: EXPENSE_CATEGORY_LABELS.transport,
  payeeCemetery: PAYEE_KIND_LABELS.cemetery,
  payeeFamily: PAYEE_KIND_LABELS.family,
} as const;
