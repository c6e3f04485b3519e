import type { NotificationsConfig } from './notifications.config';
import { notificationsService } from './notifications.module';

/** Builds the notifications service (not yet listening); used by main and by tests. */
export const createNotificationsApp = (config: NotificationsConfig) =>
  notificationsService.createApp(config);
