/** Keys are the GraphQL enum names; values are what is stored. */
export enum Role {
  MEMBER = 'member',
  ADMIN = 'admin',
}

export enum NotificationType {
  INFO = 'info',
  SUCCESS = 'success',
  WARNING = 'warning',
  ERROR = 'error',
}

/** How many notifications the bell loads (spec section 9). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
