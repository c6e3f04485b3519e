import { z } from 'zod';
import { envHelpers, mailEnvSchema, serviceEnvSchema } from '@jibs/config';

export const notificationsEnvSchema = z.intersection(
  z.intersection(serviceEnvSchema, mailEnvSchema),
  z.object({
    PORT: envHelpers.port(4002),
    /** Outgoing webhooks: the wait before a failed delivery's second try, doubling after. */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  }),
);

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
