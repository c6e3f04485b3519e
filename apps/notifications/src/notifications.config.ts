import { z } from 'zod';
import { envHelpers, loadConfig, mailEnvSchema, serviceEnvSchema } from '@jibs/config';

export const notificationsEnvSchema = z.intersection(
  z.intersection(serviceEnvSchema, mailEnvSchema),
  z.object({ PORT: envHelpers.port(4002) }),
);

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig(notificationsEnvSchema, env);
}
