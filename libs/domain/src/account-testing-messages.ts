import { AdminLayoutMessages } from './admin-console-messages';
import { AdminOpsMessages } from './admin-ops-messages';
import { CommonWords } from './common-words';
import { DashboardMessages } from './dashboard-messages';
import { HeaderMessages } from './header-messages';
import { SignInMessages } from './sign-in-messages';

/** The Testing Interface (/testing): who is signed in, and a link to each screen (spec 2). */
export const AccountTestingMessages = {
  title: 'Testing Interface',
  intro: 'Check who is signed in and open any screen of the site.',
  currentUser: 'Current user',
  emailLabel: 'Email:',
  roleLabel: 'Role:',
  admin: HeaderMessages.admin,
  member: CommonWords.member,
  notSignedIn: 'Not signed in',
  adminScreens: 'Admin screens',
  adminsOnly: CommonWords.adminsOnly,
  memberScreens: 'Member screens',
  publicScreens: 'Public screens',
  adminDashboard: 'Admin dashboard',
  users: AdminLayoutMessages.users,
  deathReports: AdminOpsMessages.tableDeathReports,
  documents: CommonWords.documents,
  settings: AdminLayoutMessages.settings,
  dashboard: DashboardMessages.title,
  submitDeathReport: 'Submit death report',
  uploadDocuments: 'Upload documents',
  profile: CommonWords.profile,
  signIn: SignInMessages.signIn,
  register: HeaderMessages.register,
  home: CommonWords.home,
  signOut: HeaderMessages.signOut,
  headerSignIn: HeaderMessages.signIn,
} as const;
