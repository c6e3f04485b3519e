/**
 * Words the settings' checks write, which the admin console shows
 * (issue 27): kept in a file that imports nothing, so `settings.ts` can name them.
 */
export const AdminFieldWords = {
  memberFee: 'Member fee',
  coverageLimit: 'Coverage limit',
  approvalThreshold: 'Two-person approval threshold',
  childAgeWhole: 'Child age limit must be whole years',
  fileSizeWhole: 'Maximum file size must be whole megabytes',
} as const;
