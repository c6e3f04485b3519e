import { randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { asyncApiDocument } from './asyncapi-document';
import { EventCatalog, type EventType } from './event-catalog';
import { buildEnvelope } from './event-envelope';

type Doc = {
  asyncapi: string;
  channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  components: {
    messages: Record<string, { name: string; payload: Record<string, unknown> }>;
    schemas: Record<string, Record<string, unknown>>;
  };
};

const userId = randomUUID();
const janazahNotice = {
  noticeId: randomUUID(),
  reportId: randomUUID(),
  userId,
  deceasedName: 'Amina Yusuf',
  prayerAt: '2026-03-06T18:30:00.000Z',
  timeZone: 'America/New_York',
  masjidName: 'Masjid Al-Noor',
  masjidAddress: '12 Main St, Springfield',
  burialPlace: 'Springfield Muslim Cemetery',
  note: null,
  visibility: 'members' as const,
};
const samples: { [T in EventType]: Parameters<typeof buildEnvelope<T>>[1] } = {
  'user.registered': {
    userId,
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    role: 'admin',
  },
  'user.verified': { userId, method: 'email' },
  'user.verified_phone_changed': { userId, phone: '+13135550199' },
  'user.role_changed': { userId, from: 'member', to: 'admin', changedBy: randomUUID() },
  'payment.completed': {
    paymentId: randomUUID(),
    userId,
    amount: 25_000,
    currency: 'usd',
    type: 'registration',
    description: null,
    providerPaymentId: 'pi_1',
  },
  'payment.failed': {
    paymentId: randomUUID(),
    userId,
    amount: 2_500,
    currency: 'usd',
    type: 'membership',
    reason: 'card_declined',
    consecutiveFailures: 1,
  },
  'subscription.updated': {
    userId,
    status: 'active',
    monthlyAmount: 2_500,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    previous: { status: 'incomplete', cancelAtPeriodEnd: false },
  },
  'membership.status_changed': {
    userId,
    from: 'pending',
    to: 'active',
    reason: 'registration paid',
    changedBy: null,
  },
  'membership.registration_paid': { userId },
  'household.member_added': {
    userId,
    memberId: randomUUID(),
    relationship: 'spouse',
    firstName: 'A',
    fee: 2_500,
  },
  'settings.updated': { settings: { x: 1 }, updatedBy: userId },
  'report.submitted': { reportId: randomUUID(), userId, relationship: 'Parent' },
  'report.reviewed': {
    reportId: randomUUID(),
    userId,
    status: 'approved',
    adminNotes: '',
    reviewedBy: randomUUID(),
  },
  'document.uploaded': {
    documentId: randomUUID(),
    userId,
    documentType: 'Death Certificate',
    fileName: 'certificate.pdf',
    fileSize: 1024,
    status: 'pending',
  },
  'document.reviewed': {
    documentId: randomUUID(),
    userId,
    documentType: 'Death Certificate',
    fileName: 'certificate.pdf',
    status: 'rejected',
    adminNotes: 'Please upload a clearer scan',
    reviewedBy: randomUUID(),
  },
  'audit.recorded': {
    entryId: randomUUID(),
    service: 'jibs/cases',
    actorId: randomUUID(),
    action: 'death_report.approved',
    subjectType: 'death_report',
    subjectId: randomUUID(),
    memberId: userId,
    before: { status: 'pending' },
    after: { status: 'approved' },
    recordedAt: new Date().toISOString(),
  },
  'diagnostics.ping': { sentAt: new Date().toISOString() },
  'memory.submitted': {
    memoryId: randomUUID(),
    memorialId: randomUUID(),
    memorialName: 'Aisha Rahman',
    contributorId: userId,
    moderatorIds: [randomUUID()],
  },
  'memory.approved': {
    memoryId: randomUUID(),
    memorialId: randomUUID(),
    memorialName: 'Aisha Rahman',
    contributorId: userId,
    approvedBy: randomUUID(),
  },
  'claim.updated': {
    reportId: randomUUID(),
    userId,
    covered: true,
    windowOverride: false,
    lines: [
      {
        lineId: randomUUID(),
        category: 'funeral_home',
        amount: 250_000,
        payee: 'funeral_home',
        documentId: randomUUID(),
      },
    ],
    total: 250_000,
  },
  'assistance.proposed': {
    payoutId: randomUUID(),
    reportId: randomUUID(),
    userId,
    amount: 250_000,
    payee: 'funeral_home',
    method: 'check',
    proposedBy: randomUUID(),
    needsSecondApproval: true,
  },
  'assistance.approved': {
    payoutId: randomUUID(),
    reportId: randomUUID(),
    userId,
    amount: 250_000,
    approvedBy: randomUUID(),
  },
  'assistance.paid': {
    payoutId: randomUUID(),
    reportId: randomUUID(),
    userId,
    amount: 250_000,
    payee: 'funeral_home',
    method: 'check',
    paidOn: '2026-03-09',
    paidBy: randomUUID(),
  },
  'janazah.published': {
    ...janazahNotice,
    publishedBy: randomUUID(),
  },
  'janazah.updated': { ...janazahNotice, sequence: 1, updatedBy: randomUUID() },
  'janazah.cancelled': {
    noticeId: janazahNotice.noticeId,
    reportId: janazahNotice.reportId,
    userId,
    deceasedName: janazahNotice.deceasedName,
    prayerAt: janazahNotice.prayerAt,
    timeZone: janazahNotice.timeZone,
    reason: 'The family moved the prayer to another city',
    sequence: 2,
    cancelledBy: randomUUID(),
  },
};

describe('asyncApiDocument', () => {
  const doc = asyncApiDocument() as Doc;
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  for (const [id, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${id}`);
  }

  it('is an AsyncAPI 3 document with one channel and one send operation per event type', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    const addresses = Object.values(doc.channels).map((channel) => channel.address);
    expect(addresses.sort()).toEqual(Object.keys(EventCatalog).sort());
    expect(Object.values(doc.operations).every((operation) => operation.action === 'send')).toBe(
      true,
    );
    for (const key of [
      ...Object.keys(doc.channels),
      ...Object.keys(doc.components.messages),
      ...Object.keys(doc.components.schemas),
    ]) {
      expect(key).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    }
  });

  it.each(Object.keys(EventCatalog) as EventType[])(
    'describes %s so that a real envelope validates and a wrong one does not',
    (type) => {
      const message = Object.values(doc.components.messages).find((m) => m.name === type);
      expect(message).toBeDefined();
      const validate = ajv.compile(message!.payload);
      const envelope = buildEnvelope(type, samples[type] as never, {
        source: 'jibs/test',
        subject: userId,
      });
      expect(validate(JSON.parse(JSON.stringify(envelope)))).toBe(true);
      expect(validate({ ...envelope, data: {} })).toBe(false);
      expect(validate({ ...envelope, type: 'other.type' })).toBe(false);
    },
  );
});
