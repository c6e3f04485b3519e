import { z } from 'zod';

/** One event type: its current schema version, what it means, and the shape of its data. */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  version: number;
  description: string;
  schema: S;
}

/** Keeps the schema's exact type, so `EventData<T>` is inferred from the catalog entry. */
export function defineEvent<S extends z.ZodType>(
  definition: EventDefinition<S>,
): EventDefinition<S> {
  return definition;
}

const subscriptionStatus = z.enum(['incomplete', 'active', 'past_due', 'canceled', 'unpaid']);

/**
 * Every event a JIBS service may publish. Topic = event type; the key is the user (or aggregate)
 * id. A breaking change to a schema is a new version, never an edit of the old one.
 */
export const EventCatalog = {
  'user.registered': defineEvent({
    version: 1,
    description: 'A person created a member account (identity). Key: the new user id.',
    schema: z.object({
      userId: z.string().uuid(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: z.enum(['member', 'admin']),
    }),
  }),
  'user.verified': defineEvent({
    version: 1,
    description:
      'A member finished registration step 2: a code sent by email or SMS, or an authenticator app, was confirmed (identity). Key: the user id.',
    schema: z.object({
      userId: z.string().uuid(),
      method: z.enum(['email', 'sms', 'totp']),
    }),
  }),
  'user.role_changed': defineEvent({
    version: 1,
    description:
      "An admin changed a user's role (identity). Key: the user id. The user's sessions end with it: they sign in again with the new role.",
    schema: z.object({
      userId: z.string().uuid(),
      from: z.enum(['member', 'admin']),
      to: z.enum(['member', 'admin']),
      changedBy: z.string().uuid(),
    }),
  }),
  'payment.completed': defineEvent({
    version: 1,
    description:
      "A payment was confirmed by a verified provider webhook, or recorded by an admin as received in cash or by check (billing; providerPaymentId 'offline_<key>'). Key: the member user id. Amount in cents.",
    schema: z.object({
      paymentId: z.string().uuid(),
      userId: z.string().uuid(),
      amount: z.number().int(),
      currency: z.string(),
      type: z.enum(['registration', 'membership', 'other']),
      description: z.string().nullable(),
      providerPaymentId: z.string().nullable(),
    }),
  }),
  'payment.failed': defineEvent({
    version: 1,
    description:
      'A payment attempt failed or was declined, per a verified provider webhook (billing). Key: the member user id.',
    schema: z.object({
      paymentId: z.string().uuid(),
      userId: z.string().uuid(),
      amount: z.number().int(),
      currency: z.string(),
      type: z.enum(['registration', 'membership', 'other']),
      reason: z.string().nullable(),
      consecutiveFailures: z.number().int(),
    }),
  }),
  'subscription.updated': defineEvent({
    version: 1,
    description:
      "A member's monthly dues subscription changed state (billing). Key: the member user id. `previous` is its status and cancellation before this change (null: the member had none; absent, and read as null, in events published before it was carried), so consumers see the transition without keeping the state.",
    schema: z.object({
      userId: z.string().uuid(),
      status: subscriptionStatus,
      monthlyAmount: z.number().int(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      previous: z
        .object({ status: subscriptionStatus, cancelAtPeriodEnd: z.boolean() })
        .nullable()
        .default(null),
    }),
  }),
  'membership.status_changed': defineEvent({
    version: 1,
    description:
      "A member's membership status changed (billing): pending, active or inactive. Key: the member user id.",
    schema: z.object({
      userId: z.string().uuid(),
      from: z.enum(['pending', 'active', 'inactive']),
      to: z.enum(['pending', 'active', 'inactive']),
      reason: z.string(),
      /** The admin who set the status; absent or null when payments decided it. */
      changedBy: z.string().uuid().nullable().optional(),
    }),
  }),
  'membership.registration_paid': defineEvent({
    version: 1,
    description:
      "A member's registration fee is paid (billing), by checkout or recorded offline by an admin: they have completed registration. Published once, when it first becomes paid; never for a flagged or refunded payment. Key: the member user id.",
    schema: z.object({
      userId: z.string().uuid(),
    }),
  }),
  'household.member_added': defineEvent({
    version: 1,
    description:
      "A member added someone to their household (billing). Key: the member user id. No personal details beyond the name's first part.",
    schema: z.object({
      userId: z.string().uuid(),
      memberId: z.string().uuid(),
      relationship: z.enum(['spouse', 'child', 'parent']),
      firstName: z.string(),
      fee: z.number().int(),
    }),
  }),
  'settings.updated': defineEvent({
    version: 1,
    description:
      'An admin changed the site settings (identity). Key: "site". `updatedBy` is null for changes made by the system.',
    schema: z.object({
      settings: z.record(z.string(), z.unknown()),
      updatedBy: z.string().uuid().nullable(),
    }),
  }),
  'report.submitted': defineEvent({
    version: 1,
    description:
      'A member reported a death (cases); the report waits for review. Key: the member user id. No names of the deceased: downstream services read the report through the API.',
    schema: z.object({
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      relationship: z.string(),
    }),
  }),
  'report.reviewed': defineEvent({
    version: 1,
    description:
      'An admin approved or rejected a death report (cases). Key: the member user id. `adminNotes` is what the member is shown.',
    schema: z.object({
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      status: z.enum(['approved', 'rejected']),
      adminNotes: z.string(),
      reviewedBy: z.string().uuid(),
    }),
  }),
  'document.uploaded': defineEvent({
    version: 1,
    description:
      'A member uploaded a document and its content was verified (documents). Key: the member user id. `status` is approved when the settings auto-approve.',
    schema: z.object({
      documentId: z.string().uuid(),
      userId: z.string().uuid(),
      documentType: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
      status: z.enum(['pending', 'approved']),
    }),
  }),
  'document.reviewed': defineEvent({
    version: 1,
    description:
      'An admin approved or rejected a document (documents). Key: the member user id. `adminNotes` is what the member is shown.',
    schema: z.object({
      documentId: z.string().uuid(),
      userId: z.string().uuid(),
      documentType: z.string(),
      fileName: z.string(),
      status: z.enum(['approved', 'rejected']),
      adminNotes: z.string(),
      reviewedBy: z.string().uuid(),
    }),
  }),
  'audit.recorded': defineEvent({
    version: 1,
    description:
      "An admin acted (any service): who, what, on which row, with the row's safe fields before and after. Key: the affected member's user id, or the subject id when no member is affected. Published in the action's own transaction; the audit trail reads it.",
    schema: z.object({
      entryId: z.string().uuid(),
      service: z.string(),
      actorId: z.string().uuid(),
      action: z.string(),
      subjectType: z.string(),
      subjectId: z.string(),
      memberId: z.string().uuid().nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      recordedAt: z.string(),
    }),
  }),
  'diagnostics.ping': defineEvent({
    version: 1,
    description:
      "An admin's diagnostics run checking the bus end to end: the service that publishes it waits for its own subscription to receive it. Key: 'diagnostics'. Carries nothing else; other services ignore it.",
    schema: z.object({
      sentAt: z.string(),
    }),
  }),
  'memory.submitted': defineEvent({
    version: 1,
    description:
      "Someone shared a memory on a memorial that waits for the moderators' approval (memorials). Key: the memorial id. `moderatorIds` are the creator and the editors at that moment.",
    schema: z.object({
      memoryId: z.string().uuid(),
      memorialId: z.string().uuid(),
      memorialName: z.string(),
      contributorId: z.string().uuid(),
      moderatorIds: z.array(z.string().uuid()),
    }),
  }),
  'memory.approved': defineEvent({
    version: 1,
    description:
      'A moderator approved a memory, which is now listed on the memorial (memorials). Key: the memorial id.',
    schema: z.object({
      memoryId: z.string().uuid(),
      memorialId: z.string().uuid(),
      memorialName: z.string(),
      contributorId: z.string().uuid(),
      approvedBy: z.string().uuid(),
    }),
  }),
} as const;

export type EventType = keyof typeof EventCatalog;

export type EventData<T extends EventType> = z.infer<(typeof EventCatalog)[T]['schema']>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EventCatalog, type);
}

/** The CloudEvents `dataschema` of one version of an event type. */
export function dataSchemaUrn(type: string, version: number): string {
  return `urn:jibs:events:${type}:v${version}`;
}
