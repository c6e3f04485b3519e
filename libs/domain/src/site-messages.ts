/**
 * The spec's words the member site's frame shows on any page (the header during registration,
 * the not-found page): apart from the other catalogues, so that the entry every route loads
 * carries only these (issue 16).
 */
export const SiteMessages = {
  pageNotFound: 'Page Not Found',
  completingRegistration: 'Completing Registration...',
} as const;
