import { randomUUID } from 'node:crypto';
import { pendingSchemaChanges } from '@jibs/database';
import { OfflinePaymentMessages, todayUtc } from '@jibs/domain';
import { BillingHarness, type TestMember } from '../testing/billing-harness';

const RECORD = `mutation($input: RecordOfflinePaymentInput!) {
  recordOfflinePayment(input: $input) {
    id amount currency status type description providerPaymentId method paidOn reference note recordedBy
  }
}`;
const BILLING = `query($userId: ID!) {
  adminMemberBilling(userId: $userId) {
    userId membershipStatus registrationFeePaid duesPaid missedPayments memberSince totalPaid
    payments { id amount status type method paidOn note reference description }
    subscription { status monthlyAmount }
    household { fullName relationship fee }
  }
}`;
const MEMBERSHIP = `{ myMembership { status registrationFeePaid missedPayments } }`;
const PAYMENTS = `{ myPayments { id amount status type description providerPaymentId } }`;
const RENEW = `mutation($outcome: PaymentStatus!) { sandboxRunRenewal(outcome: $outcome) { status } }`;

const dayOffset = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('offline payments (admin)', () => {
  let h: BillingHarness;
  let adminId: string;
  let admin: string;

  beforeAll(async () => {
    h = await BillingHarness.start();
    adminId = randomUUID();
    admin = await h.token(adminId, 'admin');
  });

  afterAll(async () => {
    await h?.close();
  });

  const cash = (member: TestMember, overrides: object = {}) => ({
    userId: member.id,
    amountCents: 25000,
    method: 'cash',
    purpose: 'registration',
    paidOn: todayUtc(),
    note: 'Paid at the Friday meeting',
    idempotencyKey: randomUUID(),
    ...overrides,
  });

  /** Registration and first month paid through the sandbox, then three failed renewals. */
  async function inactiveMember(): Promise<TestMember> {
    const member = await h.aMember();
    for (const mutation of ['startRegistrationCheckout', 'startSubscriptionCheckout']) {
      const started = await h.gql(`mutation { ${mutation} { url } }`, {}, member.token);
      const res = await h.submitSandbox(started.data[mutation].url, {
        action: 'pay',
        card: '4242 4242 4242 4242',
      });
      expect(res.status).toBe(303);
    }
    for (let i = 0; i < 3; i++) await h.gql(RENEW, { outcome: 'FAILED' }, member.token);
    expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toMatchObject({
      status: 'INACTIVE',
      missedPayments: 3,
    });
    return member;
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(h.dataSource)).toEqual([]);
  });

  describe('permissions', () => {
    it('refuses anonymous callers (UNAUTHENTICATED) and members (FORBIDDEN), and saves nothing', async () => {
      const member = await h.aMember();
      const operations: [string, object][] = [
        [BILLING, { userId: member.id }],
        [RECORD, { input: cash(member) }],
      ];
      for (const [query, variables] of operations) {
        const anonymous = await h.gql(query, variables);
        expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
        // Even about themself: these are admin operations.
        const own = await h.gql(query, variables, member.token);
        expect(own.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
        expect(own.data?.adminMemberBilling ?? own.data?.recordOfflinePayment ?? null).toBeNull();
      }
      // Nor another member's billing through the admin query.
      const other = await h.aMember('Khadija');
      await h.gql(RECORD, { input: cash(other) }, admin);
      const peek = await h.gql(BILLING, { userId: other.id }, member.token);
      expect(peek.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect(peek.data?.adminMemberBilling ?? null).toBeNull();
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(0);
      expect(await h.count('offline_payments', 'user_id = $1', [member.id])).toBe(0);
    });

    it("shows the admin one member's rows only, and NOT_FOUND for an unknown member", async () => {
      const [one, other] = [await h.aMember('Yusuf'), await h.aMember('Khadija')];
      await h.gql(RECORD, { input: cash(one) }, admin);
      await h.gql(RECORD, { input: cash(other, { amountCents: 17500 }) }, admin);
      const read = await h.gql(BILLING, { userId: one.id }, admin);
      expect(read.errors).toBeUndefined();
      expect(
        read.data.adminMemberBilling.payments.map((p: { amount: number }) => p.amount),
      ).toEqual([25000]);
      for (const userId of [randomUUID(), 'not-a-uuid']) {
        const missing = await h.gql(BILLING, { userId }, admin);
        expect(missing.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      }
    });
  });

  it('refuses each bad input with its own message and saves nothing', async () => {
    const member = await h.aMember();
    const long = 'x'.repeat(501);
    const cases: [object, string, string][] = [
      [{ amountCents: 0 }, 'amountCents', OfflinePaymentMessages.amountNotPositive],
      [{ amountCents: -2500 }, 'amountCents', OfflinePaymentMessages.amountNotPositive],
      [{ amountCents: 500001 }, 'amountCents', OfflinePaymentMessages.amountTooLarge],
      [{ amountCents: 1e12 }, 'amountCents', OfflinePaymentMessages.amountTooLarge],
      [{ amountCents: 12.5 }, 'amountCents', OfflinePaymentMessages.amountNotCents],
      [{ amountCents: null }, 'amountCents', OfflinePaymentMessages.amountRequired],
      [{ paidOn: dayOffset(1) }, 'paidOn', OfflinePaymentMessages.paidOnInFuture],
      [{ paidOn: dayOffset(-2) }, 'paidOn', OfflinePaymentMessages.paidOnBeforeMember(todayUtc())],
      [{ paidOn: '2026-02-30' }, 'paidOn', OfflinePaymentMessages.paidOnInvalid],
      [{ paidOn: '' }, 'paidOn', OfflinePaymentMessages.paidOnRequired],
      [{ method: 'card' }, 'method', OfflinePaymentMessages.methodRequired],
      [{ method: null }, 'method', OfflinePaymentMessages.methodRequired],
      [{ purpose: 'donation' }, 'purpose', OfflinePaymentMessages.purposeRequired],
      [{ note: long }, 'note', OfflinePaymentMessages.noteTooLong],
      [{ reference: 'r'.repeat(65) }, 'reference', OfflinePaymentMessages.referenceTooLong],
      [{ userId: randomUUID() }, 'userId', OfflinePaymentMessages.unknownMember],
      [{ userId: 'nobody' }, 'userId', OfflinePaymentMessages.unknownMember],
      [{ idempotencyKey: null }, 'idempotencyKey', OfflinePaymentMessages.idempotencyKeyRequired],
      [
        { idempotencyKey: 'again-please' },
        'idempotencyKey',
        OfflinePaymentMessages.idempotencyKeyRequired,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const result = await h.gql(RECORD, { input: cash(member, overrides) }, admin);
      expect({ overrides, error: result.errors?.[0] }).toMatchObject({
        overrides,
        error: {
          message,
          extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
        },
      });
    }
    expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(0);
    expect(await h.count('offline_payments', 'user_id = $1', [member.id])).toBe(0);
    expect(await h.count('audit_entries', 'member_id = $1', [member.id])).toBe(0);
    expect(await h.outbox('payment.completed', member.id)).toEqual([]);
    expect(await h.outbox('membership.registration_paid', member.id)).toEqual([]);
  });

  it('records a completed payment the member sees, publishes payment.completed, audits it', async () => {
    const member = await h.aMember();
    const input = cash(member, { method: 'check', reference: 'Check #1042' });
    const result = await h.gql(RECORD, { input }, admin);
    expect(result.errors).toBeUndefined();
    const payment = result.data.recordOfflinePayment;
    expect(payment).toMatchObject({
      amount: 25000,
      currency: 'usd',
      status: 'COMPLETED',
      type: 'REGISTRATION',
      description: 'Registration fee (paid by check)',
      providerPaymentId: `offline_${input.idempotencyKey}`,
      method: 'check',
      paidOn: todayUtc(),
      reference: 'Check #1042',
      note: 'Paid at the Friday meeting',
      recordedBy: adminId,
    });
    // Like any other payment: in the member's history and their total.
    expect((await h.gql(PAYMENTS, {}, member.token)).data.myPayments).toEqual([
      {
        id: payment.id,
        amount: 25000,
        status: 'COMPLETED',
        type: 'REGISTRATION',
        description: 'Registration fee (paid by check)',
        providerPaymentId: `offline_${input.idempotencyKey}`,
      },
    ]);
    expect(
      (await h.gql('{ dashboardSummary { totalPayments } }', {}, member.token)).data
        .dashboardSummary.totalPayments,
    ).toBe(25000);
    const events = await h.outbox('payment.completed', member.id);
    expect(events.map((row) => row.envelope.data)).toEqual([
      {
        paymentId: payment.id,
        userId: member.id,
        amount: 25000,
        currency: 'usd',
        type: 'registration',
        description: 'Registration fee (paid by check)',
        providerPaymentId: `offline_${input.idempotencyKey}`,
      },
    ]);
    const [audit] = await h.dataSource.query(
      'SELECT actor_id, action, subject_type, subject_id, before, after FROM audit_entries WHERE member_id = $1',
      [member.id],
    );
    expect(audit).toMatchObject({
      actor_id: adminId,
      action: 'payment.offline_recorded',
      subject_type: 'payment',
      subject_id: payment.id,
      before: { membershipStatus: 'pending', registrationFeePaid: false },
      after: { amount: 25000, method: 'check', purpose: 'registration', registrationFeePaid: true },
    });
    expect((await h.outbox('audit.recorded', member.id)).length).toBe(1);
    // Registration completed: what cases, documents and memorials need to serve the member.
    const paid = await h.outbox('membership.registration_paid', member.id);
    expect(paid.map((row) => row.envelope.data)).toEqual([{ userId: member.id }]);
    const read = (await h.gql(BILLING, { userId: member.id }, admin)).data.adminMemberBilling;
    expect(read).toMatchObject({
      registrationFeePaid: true,
      totalPaid: 25000,
      memberSince: todayUtc(),
      payments: [{ id: payment.id, method: 'check', reference: 'Check #1042' }],
    });
  });

  describe('exactly once', () => {
    it('records one payment for the same submission sent twice, then five times at once', async () => {
      const member = await h.aMember();
      const input = cash(member);
      const first = await h.gql(RECORD, { input }, admin);
      const again = await h.gql(RECORD, { input }, admin);
      expect(again.errors).toBeUndefined();
      expect(again.data.recordOfflinePayment.id).toBe(first.data.recordOfflinePayment.id);

      const dues = cash(member, { purpose: 'dues', amountCents: 2500 });
      const concurrent = await Promise.all(
        [1, 2, 3, 4, 5].map(() => h.gql(RECORD, { input: dues }, admin)),
      );
      expect(concurrent.map((r) => r.errors)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(new Set(concurrent.map((r) => r.data.recordOfflinePayment.id)).size).toBe(1);

      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(2);
      expect((await h.outbox('payment.completed', member.id)).length).toBe(2);
      expect(await h.count('audit_entries', 'member_id = $1', [member.id])).toBe(2);
    });

    it('refuses a key reused for a different payment (CONFLICT), recording nothing more', async () => {
      const member = await h.aMember();
      const input = cash(member, { purpose: 'dues', amountCents: 2500 });
      await h.gql(RECORD, { input }, admin);
      const changed = await h.gql(RECORD, { input: { ...input, amountCents: 5000 } }, admin);
      expect(changed.errors?.[0]).toMatchObject({
        message: OfflinePaymentMessages.keyReused,
        extensions: { code: 'CONFLICT' },
      });
      const other = await h.aMember();
      const elsewhere = await h.gql(RECORD, { input: { ...input, userId: other.id } }, admin);
      expect(elsewhere.errors?.[0]?.extensions.code).toBe('CONFLICT');
      expect(await h.count('payments', 'user_id = ANY($1)', [[member.id, other.id]])).toBe(1);
    });

    it('records one payment when the same key is sent for two members at once', async () => {
      const [one, other] = [await h.aMember(), await h.aMember()];
      const input = cash(one, { purpose: 'dues', amountCents: 2500 });
      const results = await Promise.all(
        [one, other, one, other].map((member) =>
          h.gql(RECORD, { input: { ...input, userId: member.id } }, admin),
        ),
      );
      const recorded = results.filter((result) => !result.errors);
      const refused = results.filter((result) => result.errors);
      expect(new Set(recorded.map((r) => r.data.recordOfflinePayment.id)).size).toBe(1);
      expect(refused.map((r) => r.errors![0]!.extensions.code)).toEqual(['CONFLICT', 'CONFLICT']);
      expect(await h.count('payments', 'user_id = ANY($1)', [[one.id, other.id]])).toBe(1);
      expect(
        await h.count('offline_payments', 'idempotency_key = $1', [input.idempotencyKey]),
      ).toBe(1);
    });

    it('refuses a registration payment once the fee is paid', async () => {
      const member = await h.aMember();
      await h.gql(RECORD, { input: cash(member) }, admin);
      const second = await h.gql(RECORD, { input: cash(member) }, admin);
      expect(second.errors?.[0]).toMatchObject({
        message: OfflinePaymentMessages.registrationAlreadyPaid,
        extensions: {
          code: 'BAD_USER_INPUT',
          fieldErrors: { purpose: OfflinePaymentMessages.registrationAlreadyPaid },
        },
      });
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(1);
      expect(await h.outbox('membership.registration_paid', member.id)).toHaveLength(1);
    });
  });

  describe('membership', () => {
    it('activates a member whose registration and first dues are paid offline', async () => {
      const member = await h.aMember();
      await h.gql(RECORD, { input: cash(member) }, admin);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toEqual({
        status: 'PENDING',
        registrationFeePaid: true,
        missedPayments: 0,
      });
      expect(await h.outbox('membership.status_changed', member.id)).toEqual([]);
      await h.gql(RECORD, { input: cash(member, { purpose: 'dues', amountCents: 2500 }) }, admin);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.status).toBe('ACTIVE');
      const changes = await h.outbox('membership.status_changed', member.id);
      expect(changes.map((row) => row.envelope.data)).toEqual([
        { userId: member.id, from: 'pending', to: 'active', reason: 'offline_dues_paid' },
      ]);
      // Dues paid after the registration: registration was announced once, with its payment.
      expect(await h.outbox('membership.registration_paid', member.id)).toHaveLength(1);
    });

    it('re-activates a member made inactive by three failed renewals with a dues payment', async () => {
      const member = await inactiveMember();
      const result = await h.gql(
        RECORD,
        { input: cash(member, { purpose: 'dues', amountCents: 7500, note: 'Three months' }) },
        admin,
      );
      expect(result.errors).toBeUndefined();
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toEqual({
        status: 'ACTIVE',
        registrationFeePaid: true,
        missedPayments: 0,
      });
      const changes = (await h.outbox('membership.status_changed', member.id)).map(
        (row) => row.envelope.data,
      );
      expect(changes.at(-1)).toEqual({
        userId: member.id,
        from: 'inactive',
        to: 'active',
        reason: 'offline_dues_paid',
      });
      const read = (await h.gql(BILLING, { userId: member.id }, admin)).data.adminMemberBilling;
      expect(read).toMatchObject({ membershipStatus: 'ACTIVE', missedPayments: 0, duesPaid: true });
      expect(read.subscription).toMatchObject({ monthlyAmount: 2500 });
      expect(read.payments[0]).toMatchObject({ amount: 7500, method: 'cash', type: 'MEMBERSHIP' });
      expect(read.payments.map((p: { method: string }) => p.method)).toContain('card');
    });
  });
});
