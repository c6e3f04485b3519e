export * from './mailer';
export * from './read-mailbox';
