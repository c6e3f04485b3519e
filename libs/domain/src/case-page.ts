import { z } from 'zod';
import { requiredText } from './blank-text';
import { DOCUMENT_TYPES } from './documents';
import { JanazahMessages } from './janazah';

/** Who may tick a checklist item: the family (and admins), or admins only. */
export const CHECKLIST_OWNERS = ['family', 'admin'] as const;
export type ChecklistOwner = (typeof CHECKLIST_OWNERS)[number];

/** One item of every case's checklist, as the site settings list it. */
export interface CaseChecklistItemSetting {
  key: string;
  label: string;
  owner: ChecklistOwner;
  /** An item about a document ticks itself when the member has an approved one of this type. */
  documentType?: string | null;
}

/** The item that ticks itself when the fund records the payout as paid (`assistance.paid`). */
export const ASSISTANCE_PAID_ITEM = 'assistance_paid';
/** The item whose ticking is the case's "burial done" step. */
export const BURIAL_ITEM = 'burial';

const ASSISTANCE_PAID = 'Assistance paid';

/**
 * The defaults. There is no 'Burial Permit' document type, so the permit is the family's
 * item to tick by hand.
 */
export const DEFAULT_CASE_CHECKLIST: CaseChecklistItemSetting[] = [
  {
    key: 'death_certificate',
    label: 'Death certificate uploaded',
    owner: 'family',
    documentType: DOCUMENT_TYPES[0],
  },
  { key: 'burial_permit', label: 'Burial permit', owner: 'family' },
  { key: 'ghusl', label: 'Ghusl arranged', owner: 'family' },
  { key: 'kafan', label: 'Kafan', owner: 'family' },
  { key: 'janazah_prayer', label: 'Janazah prayer', owner: 'family' },
  { key: BURIAL_ITEM, label: 'Burial', owner: 'family' },
  { key: ASSISTANCE_PAID_ITEM, label: ASSISTANCE_PAID, owner: 'admin' },
];

export const CHECKLIST_LIMITS = { maxItems: 20, maxLabel: 80, maxKey: 40 } as const;

export const CaseChecklistMessages = {
  keyFormat:
    'A checklist key is lower-case letters, digits and underscores, starting with a letter',
  keysUnique: 'Each checklist key only once',
  labelRequired: 'A checklist item needs a label',
  labelTooLong: `A checklist label must be at most ${CHECKLIST_LIMITS.maxLabel} characters`,
  ownerUnknown: "A checklist item's owner is 'family' or 'admin'",
  documentTypeUnknown: `A checklist document type is one of: ${DOCUMENT_TYPES.join(', ')}`,
  atLeastOne: 'Keep at least one checklist item',
  tooMany: `At most ${CHECKLIST_LIMITS.maxItems} checklist items`,
  itemNotFound: 'Checklist item not found',
  itemOfAnotherCase: 'This checklist item belongs to another case',
  adminItem: 'Only an admin can tick this checklist item',
  reportRejected: 'A rejected report has no checklist',
} as const;

const M = CaseChecklistMessages;

/** The admin's list of checklist items (site settings), checked on the server. */
export const caseChecklistSchema = z
  .array(
    z
      .object({
        key: z
          .string({ error: M.keyFormat })
          .regex(new RegExp(`^[a-z][a-z0-9_]{0,${CHECKLIST_LIMITS.maxKey - 1}}$`), M.keyFormat),
        label: requiredText(M.labelRequired).max(CHECKLIST_LIMITS.maxLabel, M.labelTooLong),
        owner: z.enum(CHECKLIST_OWNERS, { error: M.ownerUnknown }),
        documentType: z.enum(DOCUMENT_TYPES, { error: M.documentTypeUnknown }).nullish(),
      })
      .strict(),
  )
  .min(1, M.atLeastOne)
  .max(CHECKLIST_LIMITS.maxItems, M.tooMany)
  .refine((items) => new Set(items.map((item) => item.key)).size === items.length, M.keysUnique);

/**
 * A case's checklist item is named `<reportId>:<key>`, so an item names its case and one sent
 * with another case's id is told apart from an unknown item.
 */
export const checklistItemId = (reportId: string, key: string) => `${reportId}:${key}`;

export function parseChecklistItemId(id: string): { reportId: string; key: string } | null {
  const match = /^([0-9a-f-]{36}):([a-z][a-z0-9_]*)$/i.exec(id);
  return match ? { reportId: match[1]!.toLowerCase(), key: match[2]! } : null;
}

/** The steps of a case's timeline, in the words the family reads. */
export const CASE_STEPS = [
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'janazah_published',
  'janazah_updated',
  'janazah_cancelled',
  'checklist',
  'burial_done',
  'claim_updated',
  'assistance_proposed',
  'assistance_approved',
  'assistance_paid',
] as const;
export type CaseStep = (typeof CASE_STEPS)[number];

/** The steps the assistance section of the case page shows (the claim and its payout). */
export const ASSISTANCE_STEPS: readonly CaseStep[] = [
  'claim_updated',
  'assistance_proposed',
  'assistance_approved',
  'assistance_paid',
];

export const CASE_STEP_LABELS: Record<CaseStep, string> = {
  submitted: 'Report submitted',
  under_review: 'Under review',
  approved: 'Report approved',
  rejected: 'Report not approved',
  janazah_published: JanazahMessages.published,
  janazah_updated: JanazahMessages.updated,
  janazah_cancelled: JanazahMessages.cancelled,
  checklist: 'Checklist updated',
  burial_done: 'Burial done',
  claim_updated: 'Assistance claim updated',
  assistance_proposed: 'Assistance payout proposed',
  assistance_approved: 'Assistance payout approved',
  assistance_paid: ASSISTANCE_PAID,
};
