/** The landing page's first screen (/): in every page's first load, so only what the hero shows. */
export const LandingMessages = {
  eyebrow: 'Membership & burial assistance',
  title: 'Support for your family when it is needed most',
  intro:
    'JIBS is the membership service of our community’s households. Members stand together so that every family can give their loved one a dignified Islamic burial, and no one has to face that time alone.',
  goToDashboard: 'Go to Dashboard',
  logIn: 'Log In',
} as const;
