// The browser clients' shared data layer: the Apollo client, the in-memory access token, the
// session (restore through the refresh cookie, renewal, sign-out; a plain fetch, not Apollo)
// and error wording. Used by the member site (apps/web) and the admin console (apps/admin).
export * from './api/api-error';
export * from './api/apollo-client';
export * from './api/apollo-session-cache';
export * from './api/session-transport';
export * from './api/error-messages';
export * from './api/token-store';
export * from './session/refresh-schedule';
export * from './session/registration';
export * from './session/session-context';
export * from './session/session-manager';
export * from './session/session-hint';
export type { MembershipStatus, Role, SessionFragment, SessionUserFragment } from './gql/graphql';
export * from './ui/theme';
export * from './forms/schema-validate';
export * from './ui/review-status';
export * from './ui/payment-display';
export * from './ui/strict-csp';
export * from './language/language-store';
export * from './language/member-language';
