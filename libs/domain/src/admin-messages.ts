import { ClientMessages } from './client-messages';

/** The admin console's toasts and empty states (spec section 8, Admin toasts; section 2). */
export const AdminMessages = {
  errorTitle: ClientMessages.errorTitle,
  successTitle: ClientMessages.successTitle,
  reportsLoadFailed: 'Failed to fetch death reports',
  documentsLoadFailed: 'Failed to fetch documents',
  reportReviewed: (status: string) => `Death report ${status} successfully`,
  reportReviewFailed: (status: string, message: string) =>
    `Failed to ${status} death report: ${message}`,
  documentUpdatedTitle: 'Document Updated',
  documentReviewed: (status: string) => `Document has been ${status}`,
  updateFailedTitle: 'Update Failed',
  downloadStartedTitle: 'Download Started',
  downloading: (fileName: string) => `Downloading ${fileName}`,
  downloadFailedTitle: 'Download Failed',
  settingsSaved: 'Settings saved successfully',
  settingsSaveFailed: 'Failed to save settings',
  testRunCompleteTitle: 'Test Run Complete',
  testsPassed: (passed: number | string, total: number | string) =>
    `${passed}/${total} tests passed`,
  copiedTitle: 'Copied to clipboard',
  codeCopied: 'Code example copied successfully',
  noReports: 'No death reports found matching your criteria.',
  /** A row's controls while it updates (spec 5, Admin screens). */
  updating: 'Updating...',
  processing: 'Processing...',
} as const;
