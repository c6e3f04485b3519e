import type { INestApplication } from '@nestjs/common';
import { json, type Express } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { envHelpers } from '@jibs/config';
import { EventCatalog, EventPublisher, type EventType, type PublishRequest } from '@jibs/events';
import type { Logger } from '@jibs/observability';

/** The flag that mounts a service's test-only routes; never set in a deployment. */
export const TEST_ROUTES = 'TEST_ROUTES';

/**
 * A service's env schema with TEST_ROUTES (default false, refused with NODE_ENV=production):
 * the schema of a service that offers `testEvents`.
 */
export function withTestRoutes<S extends z.ZodType<{ NODE_ENV: string }>>(schema: S) {
  return z
    .intersection(schema, z.object({ [TEST_ROUTES]: envHelpers.bool(false) }))
    .refine((env) => !(env.TEST_ROUTES && env.NODE_ENV === 'production'), {
      message: 'TEST_ROUTES is for tests only: refused in production',
      path: [TEST_ROUTES],
    });
}

/** Where a test asks a service to publish one of its `testEvents`. */
export const TEST_EVENTS_PATH = '/testing/events';

/** Most events one test-events request may publish (one transaction). */
export const TEST_EVENTS_PER_REQUEST = 1000;

/** Whether a config turns the test-only routes on; refused in production however it was made. */
export function testRoutesOn(config: { NODE_ENV: string }): boolean {
  const on = (config as { [TEST_ROUTES]?: boolean })[TEST_ROUTES] === true;
  // The env schema refuses it already; a config made by hand is refused here.
  if (on && config.NODE_ENV === 'production')
    throw new Error('TEST_ROUTES is for tests only: refused in production');
  return on;
}

/** A request's events, each of an offered type with data its catalog schema accepts. */
function testEventsBody(allowed: readonly EventType[]) {
  const event = z
    .object({
      type: z.enum(allowed as [EventType, ...EventType[]]),
      subject: z.string().min(1),
      data: z.unknown(),
    })
    .transform((value, ctx) => {
      const data = EventCatalog[value.type].schema.safeParse(value.data);
      if (!data.success) {
        for (const issue of data.error.issues)
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['data', ...issue.path] });
        return z.NEVER;
      }
      return { ...value, data: data.data } as PublishRequest;
    });
  return z.object({ events: z.array(event).min(1).max(TEST_EVENTS_PER_REQUEST) });
}

/**
 * `POST /testing/events` `{ events: [{ type, subject, data }, ...] }`: the service publishes
 * them, in order and in one transaction, through its own EventPublisher, exactly as its code
 * would (the relay, the bus and the consumers then do the rest). Answers 201 `{ ids }`; 400
 * (nothing written) for a type it does not offer or data the event catalog refuses. Mounted
 * after the gateway-credential guard.
 */
export function mountTestEvents(
  express: Express,
  app: INestApplication,
  allowed: readonly EventType[],
  logger: Logger,
): void {
  const body = testEventsBody(allowed);
  express.post(TEST_EVENTS_PATH, json({ limit: '2mb' }), (req, res, next) => {
    const parsed = body.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({
        error: `expected { events: [{ type, subject, data }] }, type one of: ${allowed.join(', ')}`,
        issues: parsed.error.issues.map(({ path, message }) => ({ path, message })),
      });
      return;
    }
    const publisher = app.get(EventPublisher);
    app
      .get(DataSource)
      .transaction((manager) => publisher.publishAll(manager, parsed.data.events))
      .then((envelopes) =>
        res
          .status(201)
          .setHeader('cache-control', 'no-store')
          .json({ ids: envelopes.map((envelope) => envelope.id) }),
      )
      .catch(next);
  });
  logger.warn(`test-only routes are on (${TEST_ROUTES}): ${TEST_EVENTS_PATH}`);
}
