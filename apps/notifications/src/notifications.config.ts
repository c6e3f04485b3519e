import { z } from 'zod';
import { envHelpers, mailEnvSchema, serviceEnvSchema } from '@jibs/config';

export const notificationsEnvSchema = z.intersection(
  z.intersection(serviceEnvSchema, mailEnvSchema),
  z.object({ PORT: envHelpers.port(4002) }),
);

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
