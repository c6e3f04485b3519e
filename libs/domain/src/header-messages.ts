/** The site's header and footer: navigation, account buttons and the reader's language choices. */
export const HeaderMessages = {
  memorials: 'Memorials',
  janazah: 'Janazah',
  faq: 'FAQ',
  contact: 'Contact',
  mainNavigation: 'Main',
  home: 'JIBS home',
  admin: 'Admin',
  yourDashboard: 'Your dashboard',
  signIn: 'Sign In',
  register: 'Register',
  signOut: 'Sign Out',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  language: 'Language',
  hijriDates: 'Hijri dates',
} as const;
