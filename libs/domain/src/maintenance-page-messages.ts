/**
 * The maintenance notice the gateway serves itself (so it shows even when the site cannot load
 * its data), in the reader's language. Its main line is `Messages.maintenance`.
 */
export const MaintenancePageMessages = {
  title: 'Down for maintenance - JIBS',
  heading: 'We will be right back',
  nothingLost: 'Nothing you have saved is lost. This page takes you back as soon as we are done.',
  adminSignIn: 'Administrator sign-in',
} as const;
