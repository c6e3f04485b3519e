/**
 * The family words a household member's and a deceased's relationship share, written once: the
 * household's labels and fee lines and the death report's choices name them.
 */
export const RelationshipWords = {
  spouse: 'Spouse',
  child: 'Child',
  parent: 'Parent',
} as const;
