export * from './mailer';
export * from './read-mailbox';
export * from './sms';
export * from './mail-html';
