import { CommonWords } from './common-words';
/** The layout's texts every page carries (footer, breadcrumbs, loaders, the small screens' menu, the
 * landing page's fee card): kept small, they are in the first load of every route. */
export const PublicLayoutMessages = {
  footerTagline: 'Membership and burial assistance for the households of our community.',
  help: 'Help',
  policies: 'Policies',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  contactUs: 'Contact us',
  breadcrumb: CommonWords.breadcrumb,
  homeCrumb: CommonWords.home,
  /** Also the dashboard's title (DashboardMessages.title names it). */
  dashboardCrumb: 'Dashboard',
  loading: CommonWords.loading,
  loadingShort: 'Loading',
  /** While the session is restored, before any screen that depends on who is here. */
  loadingSite: 'Loading JIBS…',
  menu: 'Menu',
  signedOut: 'Signed out',
  membershipFees: 'Membership fees',
  registrationFee: 'Registration',
  registrationFeeDetail: 'One time, per household',
  memberFee: 'Each added family member',
  memberFeeDetail: 'Spouse, child not working full-time, or dependent parent; one time',
  monthlyDues: 'Monthly membership',
  monthlyDuesDetail: 'Per family, each month',
  paidByCard: 'Paid securely by card.',
  howPaymentsWork: 'How payments work',
} as const;
