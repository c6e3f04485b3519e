import { randomBytes, randomUUID } from 'node:crypto';
import { BillingMessages, FlagReasons, SubscriptionStatus } from '@jibs/domain';
import type { EventData } from '@jibs/events';
import { aHousehold, aHouseholdMember } from '@jibs/testing';
import { postSandboxEvent, sandboxEvent } from '../provider/sandbox/sandbox-events';
import { asGateway, BillingHarness, type TestMember } from '../testing/billing-harness';

/**
 * Issue 10, "Money": a member is charged exactly what is owed, once. Every payment goes through
 * the sandbox provider's real pages and signed webhooks; a payment the provider took late (the
 * race with an expiry) is a signed webhook for a charge the sandbox holds.
 */
const SAVE = `mutation($input: SaveHouseholdInput!) { saveHousehold(input: $input) { id fee } }`;
const ADD = `mutation($input: HouseholdMemberInput!) {
  addHouseholdMember(input: $input, sameAddressCertified: true) { id feeStatus fee }
}`;
const REMOVE = `mutation($id: ID!) { removeHouseholdMember(id: $id) }`;
const MEMBERSHIP = `{ myMembership { status registrationFeePaid missedPayments } }`;
const PAYMENTS = `{ myPayments { amount status type description } }`;
const START_REGISTRATION = `mutation { startRegistrationCheckout { id url } }`;
const START_SUBSCRIPTION = `mutation { startSubscriptionCheckout { id url } }`;
const START_MEMBER = `mutation($id: ID!) { startHouseholdMemberCheckout(memberId: $id) { id url } }`;
const RENEW = `mutation($outcome: PaymentStatus!) { sandboxRunRenewal(outcome: $outcome) { status } }`;
const FLAGGED = `query($limit: Int) { flaggedPayments(limit: $limit) {
  userId amount type reason refundStatus providerRefundId providerPaymentId
} }`;

const adult = (firstName: string, relationship = 'SPOUSE') =>
  aHouseholdMember('SPOUSE', { firstName, relationship });
const child = (firstName: string) =>
  aHouseholdMember('CHILD', { firstName, dateOfBirth: '2012-06-15' });
const CARD = '4242 4242 4242 4242';

// Generous for a loaded machine; each case takes a few seconds.
jest.setTimeout(30_000);

describe('billing money: exactly what is owed, exactly once', () => {
  let h: BillingHarness;
  let admin: string;

  beforeAll(async () => {
    h = await BillingHarness.start();
    admin = (await h.anAdmin()).token;
  });

  afterAll(() => h?.close());

  const ok = (query: string, variables: object, token: string) => h.ok(query, variables, token);
  const pay = (url: string, card = CARD) => h.submitSandbox(url, { action: 'pay', card });
  const payments = async (member: TestMember) =>
    (
      (await ok(PAYMENTS, {}, member.token)).myPayments as {
        amount: number;
        status: string;
        type: string;
      }[]
    ).map((p) => `${p.type}:${p.amount}:${p.status}`);
  const checkoutRow = async (sessionId: string) =>
    (
      await h.dataSource.query('SELECT * FROM checkouts WHERE provider_session_id = $1', [
        sessionId,
      ])
    )[0];
  const sandboxObject = async (id: string) =>
    (await h.dataSource.query('SELECT data FROM sandbox_objects WHERE id = $1', [id]))[0]?.data;
  /** The provider took a payment for this checkout before the expiry reached it (a race). */
  const lateCompletion = async (member: TestMember, sessionId: string, amount: number) => {
    const checkout = await checkoutRow(sessionId);
    const paymentIntent = `pi_late_${randomBytes(6).toString('hex')}`;
    await h.dataSource.query(
      `INSERT INTO sandbox_objects (id, kind, data) VALUES ($1, 'charge', $2)`,
      [paymentIntent, { id: paymentIntent, amount }],
    );
    const res = await postSandboxEvent(
      `${h.url}/webhooks/payments`,
      h.webhookSecret,
      sandboxEvent({
        kind: 'checkout.completed',
        member: { userId: member.id, customerId: null },
        sessionId,
        checkoutId: checkout.id,
        purpose: checkout.kind,
        mode: 'payment',
        subscriptionId: null,
        paymentId: paymentIntent,
        amountCents: amount,
        currency: 'usd',
        refundRef: paymentIntent,
      }),
    );
    expect(res.status).toBe(200);
    return paymentIntent;
  };
  const flaggedFor = async (member: TestMember) =>
    (
      (await ok(FLAGGED, { limit: 500 }, admin)).flaggedPayments as {
        userId: string;
        providerPaymentId: string;
      }[]
    ).filter((row) => row.userId === member.id);
  /** What billing announced of the member's completed registration. */
  const registrationPaid = async (member: TestMember) =>
    (await h.outbox('membership.registration_paid', member.id)).map((row) => row.envelope.data);
  async function register(member: TestMember, members: object[] = []) {
    await ok(SAVE, { input: aHousehold(members) }, member.token);
    const started = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
    expect((await pay(started.url)).status).toBe(303);
  }
  async function subscribe(member: TestMember) {
    const started = (await ok(START_SUBSCRIPTION, {}, member.token)).startSubscriptionCheckout;
    expect((await pay(started.url)).status).toBe(303);
  }

  describe('a stale checkout', () => {
    it('is expired when the household changes, and a late payment for it is refunded, flagged and marks nothing paid', async () => {
      const member = await h.aMember();
      await ok(SAVE, { input: { members: [], sameAddressCertified: true } }, member.token);
      const old = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      expect((await checkoutRow(old.id)).amount).toBe(17500);
      const four = [adult('Amina'), child('Omar'), child('Sara'), child('Zaid')];
      await ok(SAVE, { input: { members: four, sameAddressCertified: true } }, member.token);

      // Expired here and at the provider: the old page cannot be paid any more.
      expect((await checkoutRow(old.id)).state).toBe('expired');
      expect((await sandboxObject(old.id)).status).toBe('expired');
      const page = await fetch(`${h.url}${new URL(old.url).pathname}${new URL(old.url).search}`, {
        headers: asGateway(),
      });
      expect(page.status).toBe(410);
      expect((await pay(old.url)).status).toBe(410);
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(0);

      // The provider completed it anyway (paid before the expiry reached it).
      const late = await lateCompletion(member, old.id, 17500);
      expect((await ok(MEMBERSHIP, {}, member.token)).myMembership.registrationFeePaid).toBe(false);
      expect(await payments(member)).toEqual(['REGISTRATION:17500:CANCELLED']);
      expect(await h.outbox('payment.completed', member.id)).toHaveLength(0);
      // A flagged, refunded registration payment completes no registration.
      expect(await registrationPaid(member)).toEqual([]);
      expect((await sandboxObject(late)).refundId).toMatch(/^re_sandbox_/);
      expect(await flaggedFor(member)).toEqual([
        expect.objectContaining({
          amount: 17500,
          type: 'REGISTRATION',
          reason: FlagReasons.householdChanged,
          refundStatus: 'REFUNDED',
          providerPaymentId: late,
        }),
      ]);

      // The household as it is now is what gets paid: $175 + 4 × $25.
      const fresh = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      expect(fresh.id).not.toBe(old.id);
      expect((await checkoutRow(fresh.id)).amount).toBe(27500);
      expect((await pay(fresh.url)).status).toBe(303);
      expect(await payments(member)).toEqual(
        expect.arrayContaining(['REGISTRATION:27500:COMPLETED', 'REGISTRATION:17500:CANCELLED']),
      );
      const summary = await ok('{ dashboardSummary { totalPayments } }', {}, member.token);
      expect(summary.dashboardSummary.totalPayments).toBe(27500);
    });

    it('flags a registration payment whose household changed under an open checkout', async () => {
      const member = await h.aMember();
      await ok(SAVE, { input: { members: [], sameAddressCertified: true } }, member.token);
      const started = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      // A household row changed without the save path (the snapshot is what protects).
      await h.dataSource.query(
        `INSERT INTO household_members (user_id, first_name, last_name, relationship, date_of_birth, fee_status, fee)
         VALUES ($1, 'Amina', 'Ali', 'SPOUSE', '1980-02-01', 'IN_REGISTRATION', 2500)`,
        [member.id],
      );
      expect((await pay(started.url)).status).toBe(303);
      expect((await ok(MEMBERSHIP, {}, member.token)).myMembership.registrationFeePaid).toBe(false);
      expect(await flaggedFor(member)).toEqual([
        expect.objectContaining({ reason: FlagReasons.householdChanged, refundStatus: 'REFUNDED' }),
      ]);
    });
  });

  describe('the registration fee', () => {
    it('has one open checkout per member: repeated and concurrent starts return it, and it is paid once', async () => {
      const member = await h.aMember();
      await ok(
        SAVE,
        { input: { members: [adult('Amina')], sameAddressCertified: true } },
        member.token,
      );
      const first = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      const again = await Promise.all(
        [1, 2, 3, 4, 5].map(() => ok(START_REGISTRATION, {}, member.token)),
      );
      expect(again.map((data) => data.startRegistrationCheckout)).toEqual(Array(5).fill(first));
      expect(await h.count('checkouts', 'user_id = $1', [member.id])).toBe(1);
      expect(await registrationPaid(member)).toEqual([]);
      for (let i = 0; i < 3; i++) expect((await pay(first.url)).status).toBe(303);
      expect(await payments(member)).toEqual(['REGISTRATION:20000:COMPLETED']);
      // With the household as registered, for cases' coverage (no birth date but a child's).
      expect(await registrationPaid(member)).toEqual([
        {
          userId: member.id,
          household: [
            {
              memberId: expect.any(String),
              relationship: 'spouse',
              firstName: 'Amina',
              dateOfBirth: null,
            },
          ],
        },
      ]);
    });

    it('makes only one open checkout when the first starts race', async () => {
      const member = await h.aMember();
      const started = await Promise.all(
        [1, 2, 3, 4].map(() => h.gql(START_REGISTRATION, {}, member.token)),
      );
      expect(started.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
      expect(new Set(started.map((r) => r.data.startRegistrationCheckout.id)).size).toBe(1);
      expect(await h.count('checkouts', 'user_id = $1', [member.id])).toBe(1);
    });

    it('refunds and flags a payment for a fee already paid (a checkout opened before this rule)', async () => {
      const member = await h.aMember();
      await ok(SAVE, { input: { members: [], sameAddressCertified: true } }, member.token);
      const legacy = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      // An open checkout from before one-per-member existed carries no open key.
      await h.dataSource.query(
        'UPDATE checkouts SET open_key = NULL WHERE provider_session_id = $1',
        [legacy.id],
      );
      const current = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      expect(current.id).not.toBe(legacy.id);
      expect((await pay(current.url)).status).toBe(303);
      expect((await pay(legacy.url)).status).toBe(303);
      expect(await payments(member)).toEqual(
        expect.arrayContaining(['REGISTRATION:17500:COMPLETED', 'REGISTRATION:17500:CANCELLED']),
      );
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(2);
      const [flag] = await flaggedFor(member);
      expect(flag).toMatchObject({
        reason: FlagReasons.registrationAlreadyPaid,
        refundStatus: 'REFUNDED',
      });
      expect((await sandboxObject(flag!.providerPaymentId)).refundId).toBeTruthy();
      const summary = await ok('{ dashboardSummary { totalPayments } }', {}, member.token);
      expect(summary.dashboardSummary.totalPayments).toBe(17500);
      // Announced once, by the payment that counted; never by the flagged one.
      expect(await registrationPaid(member)).toEqual([{ userId: member.id }]);
    });
  });

  describe('the monthly subscription', () => {
    it('returns the open subscription checkout to a repeated start', async () => {
      const member = await h.aMember();
      await register(member);
      const first = (await ok(START_SUBSCRIPTION, {}, member.token)).startSubscriptionCheckout;
      const second = (await ok(START_SUBSCRIPTION, {}, member.token)).startSubscriptionCheckout;
      expect(second).toEqual(first);
      expect((await pay(first.url)).status).toBe(303);
      const refused = await h.gql(START_SUBSCRIPTION, {}, member.token);
      expect(refused.errors?.[0]?.extensions.code).toBe('CONFLICT');
    });

    it('cancels a second subscription that completes anyway at once, and refunds its charge', async () => {
      const member = await h.aMember();
      await register(member);
      const legacy = (await ok(START_SUBSCRIPTION, {}, member.token)).startSubscriptionCheckout;
      await h.dataSource.query(
        'UPDATE checkouts SET open_key = NULL WHERE provider_session_id = $1',
        [legacy.id],
      );
      const current = (await ok(START_SUBSCRIPTION, {}, member.token)).startSubscriptionCheckout;
      expect((await pay(current.url)).status).toBe(303);
      expect((await pay(legacy.url)).status).toBe(303);

      const subscriptions: { data: { id: string; status: string; customer: string } }[] =
        await h.dataSource.query(
          `SELECT data FROM sandbox_objects WHERE kind = 'subscription' AND data->'metadata'->>'userId' = $1`,
          [member.id],
        );
      expect(subscriptions.map((row) => row.data.status).sort()).toEqual(['active', 'canceled']);
      const kept = subscriptions.find((row) => row.data.status === 'active')!.data.id;
      const [tracked] = await h.dataSource.query(
        'SELECT provider_subscription_id, status FROM subscriptions WHERE user_id = $1',
        [member.id],
      );
      expect(tracked).toEqual({ provider_subscription_id: kept, status: 'active' });
      expect(await payments(member)).toEqual(
        expect.arrayContaining([
          'MEMBERSHIP:2500:COMPLETED',
          'MEMBERSHIP:2500:CANCELLED',
          'REGISTRATION:17500:COMPLETED',
        ]),
      );
      expect(await flaggedFor(member)).toEqual([
        expect.objectContaining({
          type: 'MEMBERSHIP',
          reason: FlagReasons.secondSubscription,
          refundStatus: 'REFUNDED',
        }),
      ]);
      expect((await ok(MEMBERSHIP, {}, member.token)).myMembership.status).toBe('ACTIVE');
      // Cancelling cancels the one that charges.
      await ok('mutation { cancelSubscription { cancelAtPeriodEnd } }', {}, member.token);
      expect((await sandboxObject(kept)).cancelAtPeriodEnd).toBe(true);
      // Scheduled once: one event turns cancelAtPeriodEnd on, saying what it was before (billing's
      // own call or the provider's webhook, whichever came first; the other finds it done).
      const scheduled = (await h.outbox('subscription.updated', member.id))
        .map(({ envelope }) => envelope.data as EventData<'subscription.updated'>)
        .filter((data) => data.cancelAtPeriodEnd && !data.previous?.cancelAtPeriodEnd)
        .map(({ status, previous }) => ({ status, previous }));
      expect(scheduled).toEqual([
        { status: 'active', previous: { status: 'active', cancelAtPeriodEnd: false } },
      ]);
    });
  });

  describe('a household member fee', () => {
    it("publishes a child's date of birth, and no one else's, when added", async () => {
      const member = await h.aMember();
      await register(member);
      await ok(ADD, { input: adult('Amina') }, member.token);
      await ok(ADD, { input: child('Omar') }, member.token);
      const added = (await h.outbox('household.member_added', member.id)).map(
        (row) => row.envelope.data,
      );
      expect(added.map((data) => [data['firstName'], data['dateOfBirth']])).toEqual([
        ['Amina', null],
        ['Omar', '2012-06-15'],
      ]);
    });

    async function withDueMember() {
      const member = await h.aMember();
      await register(member);
      const added = (await ok(ADD, { input: adult('Amina') }, member.token)).addHouseholdMember;
      expect(added.feeStatus).toBe('PAYMENT_DUE');
      return { member, householdMemberId: added.id as string };
    }

    it('has one open checkout; removing the member expires it; a late payment is refunded and flagged', async () => {
      const { member, householdMemberId } = await withDueMember();
      const first = (await ok(START_MEMBER, { id: householdMemberId }, member.token))
        .startHouseholdMemberCheckout;
      const second = (await ok(START_MEMBER, { id: householdMemberId }, member.token))
        .startHouseholdMemberCheckout;
      expect(second).toEqual(first);
      expect(await ok(REMOVE, { id: householdMemberId }, member.token)).toEqual({
        removeHouseholdMember: true,
      });
      // Said on the bus, ids only, so cases ends that person's coverage.
      expect(
        (await h.outbox('household.member_removed', member.id)).map((row) => row.envelope.data),
      ).toEqual([{ userId: member.id, memberId: householdMemberId }]);
      expect((await checkoutRow(first.id)).state).toBe('expired');
      expect((await pay(first.url)).status).toBe(410);
      await lateCompletion(member, first.id, 2500);
      expect(await payments(member)).toEqual(
        expect.arrayContaining(['OTHER:2500:CANCELLED', 'REGISTRATION:17500:COMPLETED']),
      );
      expect(await flaggedFor(member)).toEqual([
        expect.objectContaining({ reason: FlagReasons.memberRemoved, refundStatus: 'REFUNDED' }),
      ]);
    });

    it('refunds and flags a second payment for a fee already paid', async () => {
      const { member, householdMemberId } = await withDueMember();
      const legacy = (await ok(START_MEMBER, { id: householdMemberId }, member.token))
        .startHouseholdMemberCheckout;
      await h.dataSource.query(
        'UPDATE checkouts SET open_key = NULL WHERE provider_session_id = $1',
        [legacy.id],
      );
      const current = (await ok(START_MEMBER, { id: householdMemberId }, member.token))
        .startHouseholdMemberCheckout;
      expect((await pay(current.url)).status).toBe(303);
      expect((await pay(legacy.url)).status).toBe(303);
      expect((await payments(member)).filter((p) => p.startsWith('OTHER')).sort()).toEqual([
        'OTHER:2500:CANCELLED',
        'OTHER:2500:COMPLETED',
      ]);
      expect(await flaggedFor(member)).toEqual([
        expect.objectContaining({
          reason: FlagReasons.memberFeeAlreadyPaid,
          refundStatus: 'REFUNDED',
        }),
      ]);
    });
  });

  describe('late invoices', () => {
    it('adds no FAILED payment and no missed payment for an older failure after the period was paid', async () => {
      const member = await h.aMember();
      await register(member);
      await subscribe(member);
      await ok(RENEW, { outcome: 'COMPLETED' }, member.token);
      const [sub] = await h.dataSource.query(
        'SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1',
        [member.id],
      );
      const subscription = await sandboxObject(sub.id);
      const now = Math.floor(Date.now() / 1000);
      for (const created of [now - 60, now]) {
        const res = await postSandboxEvent(`${h.url}/webhooks/payments`, h.webhookSecret, {
          ...sandboxEvent({
            kind: 'invoice.failed',
            member: { userId: member.id, customerId: subscription.customer },
            invoiceId: `in_late_${randomBytes(6).toString('hex')}`,
            subscriptionId: sub.id,
            amountCents: 2500,
            currency: 'usd',
            periodStart: subscription.currentPeriodStart,
            reason: null,
          }),
          created,
        });
        expect(res.status).toBe(200);
      }
      expect((await payments(member)).filter((p) => p.endsWith('FAILED'))).toEqual([]);
      expect(await h.outbox('payment.failed', member.id)).toHaveLength(0);
      expect((await ok(MEMBERSHIP, {}, member.token)).myMembership).toMatchObject({
        status: 'ACTIVE',
        missedPayments: 0,
      });
    });
  });

  describe('the sandbox pages', () => {
    it('let nobody but the holder of the page secret see, pay, decline or cancel a checkout', async () => {
      const member = await h.aMember();
      const started = (await ok(START_REGISTRATION, {}, member.token)).startRegistrationCheckout;
      const url = new URL(started.url);
      expect(url.searchParams.get('k')).toMatch(/^[\w-]{32}$/);
      const path = `${h.url}${url.pathname}`;
      for (const query of ['', '?k=', '?k=wrong-secret-of-the-same-len-xx'])
        expect((await fetch(`${path}${query}`, { headers: asGateway() })).status).toBe(404);
      const stranger = (fields: Record<string, string>) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...asGateway() },
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        });
      for (const fields of <Record<string, string>[]>[
        { action: 'pay', card: '4000 0000 0000 0002' },
        { action: 'pay', card: CARD },
        { action: 'cancel' },
        { action: 'pay', card: '4000 0000 0000 0002', k: 'x'.repeat(32) },
      ])
        expect((await stranger(fields)).status).toBe(404);
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(0);
      expect(await h.outbox('payment.failed', member.id)).toHaveLength(0);
      expect((await checkoutRow(started.id)).state).toBe('open');
      // The page's own secret works, and its forms carry it.
      const page = await fetch(started.url.replace('https://jibs.example.org', h.url), {
        headers: asGateway(),
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`name="k" value="${url.searchParams.get('k')}"`);
    });

    it('returns from the portal only to our own origin', async () => {
      const member = await h.aMember();
      await register(member);
      const portal = (await ok('mutation { openBillingPortal }', {}, member.token))
        .openBillingPortal;
      expect(new URL(portal).searchParams.get('return_url')).toBe(
        'https://jibs.example.org/profile',
      );
      for (const target of [
        'https://evil.example/phish',
        'javascript:alert(1)',
        '//evil.example',
      ]) {
        const page = await (
          await fetch(`${h.url}/sandbox/portal?return_url=${encodeURIComponent(target)}`, {
            headers: asGateway(),
          })
        ).text();
        expect(page).toContain('href="https://jibs.example.org/profile"');
        expect(page).not.toContain('evil.example');
      }
      const own = await (
        await fetch(
          `${h.url}/sandbox/portal?return_url=${encodeURIComponent('https://jibs.example.org/payments')}`,
          { headers: asGateway() },
        )
      ).text();
      expect(own).toContain('href="https://jibs.example.org/payments"');
    });
  });

  describe('webhook signatures', () => {
    it('refuses a timestamp more than five minutes ahead, as one five minutes old', async () => {
      const member = await h.aMember();
      const event = sandboxEvent({
        kind: 'subscription.changed',
        member: { userId: member.id, customerId: null },
        subscriptionId: 'sub_future',
        change: 'updated',
        status: SubscriptionStatus.ACTIVE,
        monthlyAmountCents: 2500,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      });
      const deliver = (timestamp: number) =>
        postSandboxEvent(`${h.url}/webhooks/payments`, h.webhookSecret, event, timestamp);
      const now = Math.floor(Date.now() / 1000);
      // A minute of margin either side of the 5-minute window: a loaded machine may take seconds to answer.
      for (const timestamp of [now + 3600, now + 360, now - 360])
        expect((await deliver(timestamp)).status).toBe(400);
      expect(await h.count('subscriptions', 'user_id = $1', [member.id])).toBe(0);
      expect((await deliver(now + 30)).status).toBe(200);
      expect(await h.count('subscriptions', 'user_id = $1', [member.id])).toBe(1);
    });
  });

  describe('verification', () => {
    it('refuses every checkout to a member who never verified, and changes nothing', async () => {
      const member = await h.aMember('Unverified', { verified: false });
      for (const [query, variables] of [
        [START_REGISTRATION, {}],
        [START_SUBSCRIPTION, {}],
      ] as const) {
        const result = await h.gql(query, variables, member.token);
        expect([result.errors?.[0]?.extensions.code, result.errors?.[0]?.message]).toEqual([
          'FORBIDDEN',
          BillingMessages.emailNotVerified,
        ]);
      }
      expect(BillingMessages.emailNotVerified).toMatch(/^Email Not Verified/);
      expect(await h.count('checkouts', 'user_id = $1', [member.id])).toBe(0);
      expect(
        await h.count('sandbox_objects', `kind = 'session' AND data->'metadata'->>'userId' = $1`, [
          member.id,
        ]),
      ).toBe(0);
      await h.verify(member.id);
      await register(member);
      expect((await ok(MEMBERSHIP, {}, member.token)).myMembership.registrationFeePaid).toBe(true);
    });

    it('records a verification that arrives before the registration', async () => {
      const id = randomUUID();
      await h.verify(id);
      expect(await h.count('members', 'user_id = $1 AND email_verified', [id])).toBe(1);
    });
  });

  describe('flaggedPayments (admins)', () => {
    it('refuses anonymous callers and members, and a limit out of range', async () => {
      const member = await h.aMember();
      expect((await h.gql(FLAGGED, {})).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
      expect((await h.gql(FLAGGED, {}, member.token)).errors?.[0]?.extensions.code).toBe(
        'FORBIDDEN',
      );
      for (const limit of [0, -1, 501]) {
        const result = await h.gql(FLAGGED, { limit }, admin);
        expect([result.errors?.[0]?.extensions.code, result.errors?.[0]?.message]).toEqual([
          'BAD_USER_INPUT',
          'Choose a limit from 1 to 500',
        ]);
      }
      const wrongType = await h.gql(FLAGGED, { limit: 'ten' }, admin);
      expect(wrongType.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect((await h.gql(FLAGGED, {}, admin)).errors).toBeUndefined();
    });
  });
});
