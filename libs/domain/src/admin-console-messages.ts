import { DashboardMessages } from './dashboard-messages';

/**
 * The admin console's own screen texts (issue 27: translated like every other message): its
 * layout and header, the sign-in gate. The pages' texts are in the objects below it.
 */
export const AdminLayoutMessages = {
  consoleName: 'JIBS Admin',
  adminPanel: 'Admin Panel',
  mainNavigation: 'Main Navigation',
  system: 'System',
  dashboard: DashboardMessages.title,
  users: 'Users',
  janazahNotices: 'Janazah Notices',
  documents: 'Documents',
  fund: 'Fund',
  settings: 'Settings',
  testing: 'Testing & Documentation',
  auditTrail: 'Audit Trail',
  exports: 'Exports',
  webhooks: 'Webhooks',
  operations: 'Operations',
  backToSite: 'Back to Site',
  signingOut: 'Signing out...',
  openSidebar: 'Open sidebar',
  closeSidebar: 'Close sidebar',
  toggleSidebar: 'Toggle sidebar (Ctrl/Cmd+B)',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  loggedInAs: (name: string) => `Logged in as ${name}`,
  loggedInAsLead: 'Logged in as',
  leaving: 'Leaving the admin console',
  loadingSession: 'Loading your session',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no admin screen at this address.',
  goToDashboard: 'Go to the admin dashboard',
  languageNotSaved: 'Your language choice could not be saved to your profile.',
} as const;
