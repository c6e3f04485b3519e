/**
 * The organisation's public contact details, shown in the footer and on the contact page.
 *
 * PLACEHOLDERS: every value below is a stand-in (555 numbers and the reserved example.org
 * domain) until the community's real details are confirmed. Change them here, and only here.
 */
export const CONTACT_DETAILS = {
  /** The main office line, for general questions. */
  phone: { display: '(555) 010-0100', href: 'tel:+15550100100' },
  /** The line to call for urgent help after a death. */
  urgentPhone: { display: '(555) 010-0199', href: 'tel:+15550100199' },
  email: 'info@jibs.example.org',
  address: ['JIBS Community Office', '100 Example Street', 'Springfield, IL 62701'],
} as const;
