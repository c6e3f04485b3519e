export enum Role {
  Member = 'member',
  Admin = 'admin',
}

export enum NotificationType {
  Info = 'info',
  Success = 'success',
  Warning = 'warning',
  Error = 'error',
}

/** How many notifications the bell loads (spec section 9). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
