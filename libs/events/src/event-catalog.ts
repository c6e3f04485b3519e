import { z } from 'zod';
import {
  SETTING_KEYS,
  siteSettingsValuesSchema,
  type SettingKey,
  type SiteSettingsValues,
} from '@jibs/domain';

/** One event type: its current schema version, what it means, and the shape of its data. */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  version: number;
  description: string;
  schema: S;
  /**
   * Earlier versions still published for their deprecation period, newest first. A breaking
   * change is a new version: the old one stays here, published beside it (the same event id, so
   * a consumer's inbox takes one), until consumers have moved.
   */
  earlier?: readonly EarlierEventVersion<S>[];
  /**
   * The personal data the event carries and why its consumers need it, by field path (`email`,
   * `household[].firstName`): shown in the AsyncAPI document. Events carry ids rather than
   * personal data; a field that keeps some says why here (a test requires it).
   */
  personalData?: PersonalDataNotes;
}

/** Field path -> why the event carries that personal data. */
export type PersonalDataNotes = Readonly<Record<string, string>>;

/** An earlier version of an event, published beside the current one until `deprecatedUntil`. */
export interface EarlierEventVersion<S extends z.ZodType = z.ZodType> {
  version: number;
  /** The last day (YYYY-MM-DD) it is published; the AsyncAPI document states it. */
  deprecatedUntil: string;
  schema: z.ZodType;
  /** The current data as this version said it: what its consumers still read. */
  downgrade(data: z.output<S>): unknown;
  /** This version's data as the current version says it, for a producer not yet upgraded. */
  upgrade(data: unknown): z.input<S>;
  /** The personal data this version carries, as `EventDefinition.personalData`. */
  personalData?: PersonalDataNotes;
}

/** Keeps the schema's exact type, so `EventData<T>` is inferred from the catalog entry. */
export function defineEvent<S extends z.ZodType>(
  definition: EventDefinition<S>,
): EventDefinition<S> {
  return definition;
}

const subscriptionStatus = z.enum(['incomplete', 'active', 'past_due', 'canceled', 'unpaid']);

/** `settings.updated` version 1: the settings untyped. */
const settingsUpdatedV1 = z.object({
  settings: z.record(z.string(), z.unknown()),
  updatedBy: z.string().uuid().nullable(),
});

const SETTINGS_PERSONAL_DATA: PersonalDataNotes = {
  'settings.adminEmail':
    "The organisation's contact address (the first admin's own address until an admin sets another): notifications sends the admins' mail to it and names it in members' emails.",
};

/** The settings of a version 1 event that have their setting's type; the others are left out. */
function typedSettings(settings: Record<string, unknown>): Partial<SiteSettingsValues> {
  const shape = siteSettingsValuesSchema.shape;
  return Object.fromEntries(
    SETTING_KEYS.filter(
      (key) => key in settings && shape[key].safeParse(settings[key]).success,
    ).map((key) => [key, settings[key]]),
  );
}

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
      /** The member's language (en, ar, ur); absent from accounts made before languages: en. */
      language: z.enum(['en', 'ar', 'ur']).optional(),
    }),
    personalData: {
      email:
        'Notifications keeps its own copy to send the welcome, receipts and review emails; billing keeps it in its member records. Published once per account: the address cannot be changed afterwards.',
      firstName:
        "Notifications greets the member by it; billing and every subgraph keep the member's name for the admins' lists.",
      lastName: "Billing and every subgraph keep the member's name for the admins' lists.",
    },
  }),
  'user.language_changed': defineEvent({
    version: 1,
    description:
      "A member changed their language or whether dates show the Hijri date beside (identity). Key: the user id. Notifications writes the member's emails, texts and bell in it.",
    schema: z.object({
      userId: z.string().uuid(),
      language: z.enum(['en', 'ar', 'ur']),
      showHijri: z.boolean(),
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
  'user.verified_phone_changed': defineEvent({
    version: 1,
    description:
      "A member's verified phone changed (identity): a texted code proved it (`phone` in E.164), or the number was changed or removed and is not verified (`phone` null). Key: the user id. Only verified numbers are carried: notifications texts them when the member chose SMS.",
    schema: z.object({
      userId: z.string().uuid(),
      phone: z.string().nullable(),
    }),
    personalData: {
      phone:
        'Notifications texts the member at it when they chose SMS; only a verified number is carried.',
    },
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
      "A member's registration fee is paid (billing), by checkout or recorded offline by an admin: they have completed registration. Published once, when it first becomes paid; never for a flagged or refunded payment. Key: the member user id. `household` (optional): the household as registered, so cases knows who is covered.",
    schema: z.object({
      userId: z.string().uuid(),
      /**
       * The household as registered (optional, added for burial assistance): cases learns who is
       * covered from it. A child's date of birth only, to check the covered children's age limit.
       */
      household: z
        .array(
          z.object({
            memberId: z.string().uuid(),
            relationship: z.enum(['spouse', 'child', 'parent']),
            firstName: z.string(),
            dateOfBirth: z.string().nullable().optional(),
          }),
        )
        .optional(),
    }),
    personalData: {
      'household[].firstName':
        'Cases keeps who is covered and shows it to the admins who review a claim.',
      'household[].dateOfBirth': "Cases checks the covered children's age limit with it.",
    },
  }),
  'household.member_added': defineEvent({
    version: 1,
    description:
      "A member added someone to their household (billing). Key: the member user id. No personal details beyond the name's first part, and for a child the date of birth (optional; cases checks the covered children's age limit with it).",
    schema: z.object({
      userId: z.string().uuid(),
      memberId: z.string().uuid(),
      relationship: z.enum(['spouse', 'child', 'parent']),
      firstName: z.string(),
      fee: z.number().int(),
      /** YYYY-MM-DD, children only (null otherwise); absent in events published before it. */
      dateOfBirth: z.string().nullable().optional(),
    }),
    personalData: {
      firstName:
        "The member's notification names who was added; cases keeps who is covered for the admins who review a claim.",
      dateOfBirth: "Cases checks the covered children's age limit with it.",
    },
  }),
  'household.member_removed': defineEvent({
    version: 1,
    description:
      "A member removed someone from their household (billing). Key: the member user id. Ids only: cases ends that person's coverage from this moment.",
    schema: z.object({
      userId: z.string().uuid(),
      memberId: z.string().uuid(),
    }),
  }),
  'settings.updated': defineEvent({
    version: 2,
    description:
      'An admin changed the site settings (identity). Key: "site". `settings` holds every setting, each typed as the settings define it (a key may be absent only in an event upgraded from version 1, published before that setting existed: keep your value); `changed` names the settings this change altered. `updatedBy` is null for changes made by the system.',
    schema: z.object({
      settings: siteSettingsValuesSchema.partial(),
      changed: z.array(siteSettingsValuesSchema.keyof()),
      updatedBy: z.string().uuid().nullable(),
    }),
    personalData: SETTINGS_PERSONAL_DATA,
    earlier: [
      {
        version: 1,
        deprecatedUntil: '2027-06-30',
        schema: settingsUpdatedV1,
        downgrade: ({ settings, updatedBy }) => ({ settings, updatedBy }),
        upgrade: (data) => {
          const { settings, updatedBy } = settingsUpdatedV1.parse(data);
          const typed = typedSettings(settings);
          return { settings: typed, changed: Object.keys(typed) as SettingKey[], updatedBy };
        },
        personalData: {
          settings:
            "Every setting, the organisation's contact address (`adminEmail`) among them: the first admin's own address until an admin sets another.",
        },
      },
    ],
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
    personalData: {
      adminNotes:
        'Written by the admin for the member, who is shown it in their notification; it may name people.',
    },
  }),
  'claim.updated': defineEvent({
    version: 1,
    description:
      'The burial-assistance claim of an approved death report changed (cases): published when the report is approved (no lines yet) and on every change of its expense lines. Carries the whole claim, so a consumer keeps the latest. Key: the member user id. Amounts in cents; `documentId` is the invoice or receipt in documents. `windowOverride` is true when an admin accepted a claim outside the claim window (with a note kept in the audit trail). No names: payees are named by their kind.',
    schema: z.object({
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      covered: z.boolean(),
      windowOverride: z.boolean(),
      lines: z.array(
        z.object({
          lineId: z.string().uuid(),
          category: z.string(),
          amount: z.number().int(),
          payee: z.enum(['funeral_home', 'cemetery', 'family']),
          documentId: z.string().uuid(),
        }),
      ),
      total: z.number().int(),
    }),
  }),
  'assistance.proposed': defineEvent({
    version: 1,
    description:
      'An admin proposed a burial-assistance payout for an approved report (billing). Key: the member user id. Amount in cents. `needsSecondApproval`: the amount is above the two-person approval threshold, so a different admin must approve it before it is paid.',
    schema: z.object({
      payoutId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      amount: z.number().int(),
      payee: z.enum(['funeral_home', 'cemetery', 'family']),
      method: z.enum(['check', 'bank_transfer', 'cash']),
      proposedBy: z.string().uuid(),
      needsSecondApproval: z.boolean(),
    }),
  }),
  'assistance.approved': defineEvent({
    version: 1,
    description:
      'A second admin, not the one who proposed it, approved a burial-assistance payout (billing). Key: the member user id. Amount in cents.',
    schema: z.object({
      payoutId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      amount: z.number().int(),
      approvedBy: z.string().uuid(),
    }),
  }),
  'assistance.paid': defineEvent({
    version: 1,
    description:
      "An admin recorded that the treasurer paid a burial-assistance payout (billing); the fund's ledger has the money going out in the same transaction. Key: the member user id. Amount in cents; `paidOn` is the calendar date (YYYY-MM-DD) the money left.",
    schema: z.object({
      payoutId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      amount: z.number().int(),
      payee: z.enum(['funeral_home', 'cemetery', 'family']),
      method: z.enum(['check', 'bank_transfer', 'cash']),
      paidOn: z.string(),
      paidBy: z.string().uuid(),
    }),
  }),
  'janazah.published': defineEvent({
    version: 1,
    description:
      "A janazah notice for an approved death report was published (cases); members are to be told at once. Key: the notice id. The deceased's name and the places are carried because every message to the community states them; the members-only family contact is not. `prayerAt` is an ISO moment, `timeZone` its IANA zone.",
    schema: z.object({
      noticeId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      deceasedName: z.string(),
      prayerAt: z.string(),
      timeZone: z.string(),
      masjidName: z.string(),
      masjidAddress: z.string(),
      burialPlace: z.string(),
      note: z.string().nullable(),
      visibility: z.enum(['members', 'public']),
      publishedBy: z.string().uuid(),
    }),
    personalData: {
      deceasedName: 'Every message to the community about the janazah states it.',
      note: "The admin's or family's words to the community, stated in every message; it may name people.",
    },
  }),
  'janazah.updated': defineEvent({
    version: 1,
    description:
      'A published janazah notice was edited before its prayer time (cases); everyone who was told is told again. Key: the notice id. The whole notice as it now is, with `sequence` raised on each edit (the calendar invite uses it).',
    schema: z.object({
      noticeId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      deceasedName: z.string(),
      prayerAt: z.string(),
      timeZone: z.string(),
      masjidName: z.string(),
      masjidAddress: z.string(),
      burialPlace: z.string(),
      note: z.string().nullable(),
      visibility: z.enum(['members', 'public']),
      sequence: z.number().int(),
      updatedBy: z.string().uuid(),
    }),
    personalData: {
      deceasedName: 'Every message to the community about the janazah states it.',
      note: "The admin's or family's words to the community, stated in every message; it may name people.",
    },
  }),
  'janazah.cancelled': defineEvent({
    version: 1,
    description:
      'A janazah notice was cancelled with a reason (cases); everyone who was told is told. Key: the notice id.',
    schema: z.object({
      noticeId: z.string().uuid(),
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      deceasedName: z.string(),
      prayerAt: z.string(),
      timeZone: z.string(),
      reason: z.string(),
      sequence: z.number().int(),
      cancelledBy: z.string().uuid(),
    }),
    personalData: {
      deceasedName: 'Every message to the community about the janazah states it.',
    },
  }),
  'case.progressed': defineEvent({
    version: 1,
    description:
      "A step of a death report's case that cases itself performed and the family should know of (cases): an admin took the case under review, a checklist item was ticked for the family (by an admin or by an approved document), the burial was marked done. Key: the member user id. `label` is a short text safe to show the family (no names); `at` an ISO moment.",
    schema: z.object({
      reportId: z.string().uuid(),
      userId: z.string().uuid(),
      step: z.enum(['under_review', 'checklist', 'burial_done']),
      label: z.string(),
      at: z.string(),
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
    personalData: {
      fileName:
        "The member's own name for their file: their notification and the admins' new-upload email name the document by it.",
    },
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
    personalData: {
      fileName:
        "The member's own name for their file: their notification and the admins' new-upload email name the document by it.",
      adminNotes:
        'Written by the admin for the member, who is shown it in their notification; it may name people.',
    },
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
    personalData: {
      before:
        "The row's fields safe to show other admins (an address or a name among them when the row has one): the audit trail keeps them.",
      after:
        "The row's fields safe to show other admins (an address or a name among them when the row has one): the audit trail keeps them.",
    },
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
    personalData: {
      memorialName:
        "The deceased's name as their memorial page shows it: the notification to the moderators or the contributor states it.",
    },
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
    personalData: {
      memorialName:
        "The deceased's name as their memorial page shows it: the notification to the moderators or the contributor states it.",
    },
  }),
  'memorial.anniversary_due': defineEvent({
    version: 1,
    description:
      "A member's yearly reminder of a death's anniversary is due (memorials): the anniversary is tomorrow, or today when the day before was missed. Key: the memorial id. One per memorial, member, calendar and year (`year` in that calendar: a Hijri year for 'hijri'). Carries no name but the memorial's.",
    schema: z.object({
      memorialId: z.string().uuid(),
      memorialName: z.string(),
      userId: z.string().uuid(),
      calendar: z.enum(['hijri', 'gregorian']),
      /** The Gregorian date the anniversary falls on (YYYY-MM-DD). */
      anniversaryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      year: z.number().int(),
    }),
    personalData: {
      memorialName:
        "The deceased's name as their memorial page shows it: the member's reminder states it.",
    },
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
