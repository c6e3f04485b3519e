/** The service's config, for providers that read it at run time (links' public origin). */
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
/** The SMS transport (libs/mailer's port): the mailbox locally, an HTTP provider in production. */
export const SMS_SENDER = Symbol('SMS_SENDER');
