export * from './error-codes';
export * from './messages';
export * from './phone';
export * from './roles';
export * from './sign-up.schema';
export * from './us-states';
