/** The last choice of a list: a document type, a relationship. */
export const OTHER = 'Other';

/** Kinds of document a member can upload (spec section 3), in the order the select lists them. */
export const DOCUMENT_TYPES = [
  'Death Certificate',
  'Government ID',
  'Proof of Citizenship',
  'Proof of Relationship',
  'Financial Hardship Documentation',
  'Medical Records',
  'Funeral Home Invoice',
  'Cemetery Invoice',
  'Receipt',
  OTHER,
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Uploads one member may start in a window (spec section 9: 10 per 60 s). */
export const UPLOAD_RATE_LIMIT = { points: 10, durationSeconds: 60 } as const;

/** The upload screen's wording beyond the refusals in `UploadMessages` (spec section 9). */
export const DocumentMessages = {
  documentTypeRequired: 'Please choose a document type',
  uploadedTitle: 'Upload Successful',
  uploaded: (count: number) => `${count} document(s) uploaded successfully and are pending review.`,
  noDocuments: 'No documents uploaded yet',
  noDocumentsFound: 'No documents found',
} as const;

/** The document types a burial-assistance expense line may name as its invoice. */
export const INVOICE_DOCUMENT_TYPES: readonly DocumentType[] = [
  DOCUMENT_TYPES[6],
  DOCUMENT_TYPES[7],
  DOCUMENT_TYPES[8],
];
