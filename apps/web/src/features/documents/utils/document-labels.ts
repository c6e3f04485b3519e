import { DOCUMENT_TYPES, DocumentPageMessages, formatFileSize, ReviewStatus } from '@jibs/domain';

type Texts = typeof DocumentPageMessages;

// In DOCUMENT_TYPES' order.
const TYPE_KEYS = [
  'deathCertificate',
  'governmentId',
  'proofOfCitizenship',
  'proofOfRelationship',
  'financialHardship',
  'medicalRecords',
  'funeralHomeInvoice',
  'cemeteryInvoice',
  'receipt',
  'other',
] as const satisfies readonly (keyof Texts)[];

/** A document type (the value the API keeps, in English) as the reader reads it. */
export function documentTypeLabel(type: string, text: Texts = DocumentPageMessages): string {
  const key = TYPE_KEYS[(DOCUMENT_TYPES as readonly string[]).indexOf(type)];
  return key ? text[key] : type;
}

const STATUS_KEYS: Record<ReviewStatus, keyof Texts> = {
  [ReviewStatus.PENDING]: 'pendingReview',
  [ReviewStatus.APPROVED]: 'approved',
  [ReviewStatus.REJECTED]: 'rejected',
};

/** A review badge's label ('Pending Review', 'Approved', 'Rejected', 'Unknown') in the reader's words. */
export function reviewStatusLabel(status: string, text: Texts = DocumentPageMessages): string {
  const key = status.toLowerCase();
  if (!Object.hasOwn(STATUS_KEYS, key)) return text.unknown;
  const label = text[STATUS_KEYS[key as ReviewStatus]];
  return typeof label === 'string' ? label : text.unknown;
}

/** A file's size with its unit in the reader's words. */
export function fileSize(bytes: number, text: Texts = DocumentPageMessages): string {
  return formatFileSize(bytes, [text.bytes, text.kilobytes, text.megabytes, text.gigabytes]);
}
