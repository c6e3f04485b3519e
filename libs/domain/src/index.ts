export * from './error-codes';
export * from './domain-error';
export * from './messages';
export * from './phone';
export * from './roles';
export * from './sign-up.schema';
export * from './us-states';
