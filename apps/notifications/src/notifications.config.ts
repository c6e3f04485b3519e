import { z } from 'zod';
import {
  envHelpers,
  mailEnvSchema,
  refuseLocalTransportsInProduction,
  secret,
  serviceEnvSchema,
  smsEnvSchema,
} from '@jibs/config';

export const notificationsEnvSchema = z
  .intersection(
    z.intersection(z.intersection(serviceEnvSchema, mailEnvSchema), smsEnvSchema),
    z.object({
      PORT: envHelpers.port(4002),
      /** Outgoing webhooks: the wait before a failed delivery's second try, doubling after. */
      WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
      /** Where people open the app: unsubscribe links in emails point here. */
      PUBLIC_ORIGIN: envHelpers.url
        .default('http://localhost:8080')
        .transform((value) => value.replace(/\/+$/, '')),
      /**
       * Signs the one-click unsubscribe links (HMAC-SHA256). Required in production; elsewhere a
       * random one per start is used (links from an earlier run are then refused).
       */
      UNSUBSCRIBE_SECRET: secret(
        z.string().min(32, 'UNSUBSCRIBE_SECRET must be at least 32 characters'),
      ).optional(),
    }),
  )
  .superRefine((env, ctx) => {
    refuseLocalTransportsInProduction(env, ctx);
    if (env.NODE_ENV === 'production' && !env.UNSUBSCRIBE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message: 'UNSUBSCRIBE_SECRET is required in production (it signs unsubscribe links)',
      });
    }
  });

export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;
