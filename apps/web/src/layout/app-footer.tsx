/** The site footer (links to FAQ and Contact, policy links, contact details). */
export function AppFooter() {
  return null;
}
