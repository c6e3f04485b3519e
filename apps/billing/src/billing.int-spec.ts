import { randomUUID } from 'node:crypto';
import { listFieldDecisions, listOperationDecisions } from '@jibs/auth';
import { pendingSchemaChanges } from '@jibs/database';
import {
  buildEnvelope,
  buildEnvelopes,
  defineEvent,
  EventCatalog,
  type EventData,
} from '@jibs/events';
import { CheckoutKind, HouseholdMessages, SubscriptionStatus } from '@jibs/domain';
import { aHousehold, aHouseholdMember, eventually, INVISIBLE_NAMES } from '@jibs/testing';
import type { ProviderEvent, ProviderFact } from './provider/provider-facts';
import {
  postSandboxEvent,
  sandboxEvent,
  signSandboxEvent,
} from './provider/sandbox/sandbox-events';
import { signWebhookPayload } from './provider/webhook-signature';
import { asGateway, BillingHarness, type TestMember } from './testing/billing-harness';

const SAVE = `mutation($input: SaveHouseholdInput!) {
  saveHousehold(input: $input) { id fullName relationship isWorkingFullTime isDependentParent feeStatus fee }
}`;
const QUOTE = `{ registrationQuote { baseFee memberLines { label amount } registrationTotal monthlyDues dueToday } }`;
const ADD = `mutation($input: HouseholdMemberInput!, $same: Boolean) {
  addHouseholdMember(input: $input, sameAddressCertified: $same) { id feeStatus fee relationship }
}`;
const MEMBERSHIP = `{ myMembership { status registrationFeePaid missedPayments } }`;
const PAYMENTS = `{ myPayments { id amount currency status type description providerPaymentId } }`;
const START_REGISTRATION = `mutation { startRegistrationCheckout { id url } }`;
const START_SUBSCRIPTION = `mutation { startSubscriptionCheckout { id url } }`;
const RENEW = `mutation($outcome: PaymentStatus!) { sandboxRunRenewal(outcome: $outcome) { amount status type } }`;

const spouse = aHouseholdMember('SPOUSE');
const child = aHouseholdMember('CHILD');

describe('billing service', () => {
  let h: BillingHarness;

  beforeAll(async () => {
    h = await BillingHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** Registration paid through the sandbox page with the test card. */
  async function register(member: TestMember, members: object[] = [spouse, child]) {
    const saved = await h.gql(SAVE, { input: aHousehold(members) }, member.token);
    expect(saved.errors).toBeUndefined();
    const started = await h.gql(START_REGISTRATION, {}, member.token);
    expect(started.errors).toBeUndefined();
    const res = await h.submitSandbox(started.data.startRegistrationCheckout.url, {
      action: 'pay',
      card: '4242 4242 4242 4242',
    });
    expect(res.status).toBe(303);
    return started.data.startRegistrationCheckout as { id: string; url: string };
  }

  async function subscribe(member: TestMember) {
    const started = await h.gql(START_SUBSCRIPTION, {}, member.token);
    expect(started.errors).toBeUndefined();
    const res = await h.submitSandbox(started.data.startSubscriptionCheckout.url, {
      action: 'pay',
      card: '4242424242424242',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `https://jibs.example.org/payment-success?session_id=${started.data.startSubscriptionCheckout.id}`,
    );
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(h.dataSource)).toEqual([]);
  });

  it('decides who may read every field and entity reference', () => {
    const fields = listFieldDecisions(h.app);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((entry) => !entry.decision)).toEqual([]);
  });

  it('decides who may call every operation', () => {
    expect(listOperationDecisions(h.app).filter((entry) => !entry.decision)).toEqual([]);
  });

  it('refuses anonymous callers on every operation, and changes nothing', async () => {
    const id = randomUUID();
    const operations: [string, object?][] = [
      [MEMBERSHIP],
      [QUOTE],
      [PAYMENTS],
      ['{ myHousehold { id } }'],
      ['{ mySubscription { status } }'],
      ['{ dashboardSummary { totalPayments } }'],
      ['query($id: ID!) { checkoutStatus(id: $id) { state } }', { id }],
      [SAVE, { input: { members: [spouse], sameAddressCertified: true } }],
      [ADD, { input: spouse, same: true }],
      ['mutation($id: ID!) { removeHouseholdMember(id: $id) }', { id }],
      [START_REGISTRATION],
      [START_SUBSCRIPTION],
      ['mutation($id: ID!) { startHouseholdMemberCheckout(memberId: $id) { id } }', { id }],
      ['mutation { cancelSubscription { status } }'],
      ['mutation { openBillingPortal }'],
      [RENEW, { outcome: 'COMPLETED' }],
    ];
    const before = await h.count('household_members', 'true', []);
    for (const [query, variables] of operations) {
      const result = await h.gql(query, variables ?? {});
      expect({ query, code: result.errors?.[0]?.extensions.code }).toEqual({
        query,
        code: 'UNAUTHENTICATED',
      });
    }
    expect(await h.count('household_members', 'true', [])).toBe(before);
  });

  it('answers each mutation used out of turn or with a bad id with a specific error', async () => {
    const member = await h.aMember();
    const error = async (query: string, variables: object = {}) => {
      const result = await h.gql(query, variables, member.token);
      return [result.errors?.[0]?.extensions.code, result.errors?.[0]?.message];
    };
    expect(await error(START_SUBSCRIPTION)).toEqual([
      'CONFLICT',
      'Please complete your registration payment before setting up monthly dues.',
    ]);
    expect(await error('mutation { cancelSubscription { status } }')).toEqual([
      'CONFLICT',
      'You have no active subscription.',
    ]);
    expect(await error(RENEW, { outcome: 'PENDING' })).toEqual([
      'BAD_USER_INPUT',
      'Choose COMPLETED or FAILED',
    ]);
    // Ids that are not ids, or not this member's: the same answer, so nothing is revealed.
    for (const id of ['not-an-id', randomUUID()]) {
      expect(await error('mutation($id: ID!) { removeHouseholdMember(id: $id) }', { id })).toEqual([
        'NOT_FOUND',
        'Household member not found',
      ]);
      expect(
        await error('mutation($id: ID!) { startHouseholdMemberCheckout(memberId: $id) { id } }', {
          id,
        }),
      ).toEqual(['NOT_FOUND', 'Household member not found']);
      expect(await error('query($id: ID!) { checkoutStatus(id: $id) { state } }', { id })).toEqual([
        'NOT_FOUND',
        'Checkout not found',
      ]);
    }
    expect(await h.count('checkouts', 'user_id = $1', [member.id])).toBe(0);

    // Once paid, the registration fee cannot be started again.
    await register(member, []);
    expect(await error(START_REGISTRATION)).toEqual([
      'CONFLICT',
      'Your registration fee is already paid.',
    ]);
    expect(await h.count('checkouts', 'user_id = $1', [member.id])).toBe(1);
    expect((await h.gql(PAYMENTS, {}, member.token)).data.myPayments).toHaveLength(1);
  });

  describe('fees', () => {
    it('charges $175, plus $25 for a spouse and for a child: $225, and $250 due today', async () => {
      const member = await h.aMember();
      const saved = await h.gql(
        SAVE,
        { input: { members: [spouse, child], sameAddressCertified: true } },
        member.token,
      );
      expect(
        saved.data.saveHousehold.map((m: { fee: number; feeStatus: string }) => [
          m.fee,
          m.feeStatus,
        ]),
      ).toEqual([
        [2500, 'IN_REGISTRATION'],
        [2500, 'IN_REGISTRATION'],
      ]);
      const quote = await h.gql(QUOTE, {}, member.token);
      expect(quote.data.registrationQuote).toEqual({
        baseFee: 17500,
        memberLines: [
          { label: 'Spouse: Amina Ali', amount: 2500 },
          { label: 'Child: Omar Ali', amount: 2500 },
        ],
        registrationTotal: 22500,
        monthlyDues: 2500,
        dueToday: 25000,
      });
    });

    it('adds nothing for a child working full time or a parent who is not dependent', async () => {
      const member = await h.aMember();
      await h.gql(
        SAVE,
        {
          input: {
            members: [{ ...child, childCertified: false, isWorkingFullTime: true }],
            sameAddressCertified: true,
          },
        },
        member.token,
      );
      const quote = await h.gql(QUOTE, {}, member.token);
      expect(quote.data.registrationQuote.registrationTotal).toBe(17500);
      const household = await h.gql(
        '{ myHousehold { isWorkingFullTime isDependentParent feeStatus fee } }',
        {},
        member.token,
      );
      expect(household.data.myHousehold).toEqual([
        { isWorkingFullTime: true, isDependentParent: null, feeStatus: 'NO_FEE', fee: 0 },
      ]);
    });

    it('follows the admin settings billing learned from settings.updated', async () => {
      const envelope = buildEnvelope(
        'settings.updated',
        {
          settings: { registrationFee: 20000, memberFee: 3000, monthlyDues: 2500 },
          changed: ['registrationFee', 'memberFee'],
          updatedBy: null,
        },
        { source: 'jibs/identity', subject: 'site' },
      );
      await h.broker.publish([{ topic: 'settings.updated', key: 'site', envelope }]);
      const member = await h.aMember();
      await h.gql(SAVE, { input: { members: [spouse], sameAddressCertified: true } }, member.token);
      const quote = await eventually(async () => {
        const result = await h.gql(QUOTE, {}, member.token);
        return result.data.registrationQuote.baseFee === 20000
          ? result.data.registrationQuote
          : undefined;
      });
      expect(quote.registrationTotal).toBe(23000);
      // Back to the defaults for the other tests.
      const back = buildEnvelope(
        'settings.updated',
        {
          settings: { registrationFee: 17500, memberFee: 2500, monthlyDues: 2500 },
          changed: ['registrationFee', 'memberFee'],
          updatedBy: null,
        },
        { source: 'jibs/identity', subject: 'site' },
      );
      await h.broker.publish([{ topic: 'settings.updated', key: 'site', envelope: back }]);
      await eventually(async () => {
        const result = await h.gql(QUOTE, {}, member.token);
        return result.data.registrationQuote.baseFee === 17500 || undefined;
      });
    });

    it('reads settings.updated version 1 from a producer not yet upgraded, and one of a pair once', async () => {
      const v1Only = {
        'settings.updated': defineEvent({
          version: 1,
          description: 'identity before version 2',
          schema: EventCatalog['settings.updated'].earlier![0].schema,
        }),
      };
      const member = await h.aMember();
      const baseFee = async (fee: number) =>
        eventually(async () => {
          const result = await h.gql(QUOTE, {}, member.token);
          return result.data.registrationQuote.baseFee === fee || undefined;
        });
      const [old] = buildEnvelopes(
        'settings.updated',
        { settings: { registrationFee: 21000 }, updatedBy: null },
        { source: 'jibs/identity', subject: 'site' },
        v1Only,
      );
      await h.broker.publish([{ topic: 'settings.updated', key: 'site', envelope: old }]);
      await baseFee(21000);

      const pair = buildEnvelopes(
        'settings.updated',
        { settings: { registrationFee: 17500 }, changed: ['registrationFee'], updatedBy: null },
        { source: 'jibs/identity', subject: 'site' },
      );
      expect(pair.map((envelope) => envelope.dataversion)).toEqual([2, 1]);
      await h.broker.publish(
        pair.map((envelope) => ({ topic: 'settings.updated', key: 'site', envelope })),
      );
      await baseFee(17500);
      await eventually(
        async () => (await h.count('inbox', 'event_id = $1', [pair[0].id])) > 0 || undefined,
      );
      expect(
        await h.count('inbox', 'event_id = $1 AND consumer_group = $2', [
          pair[0].id,
          'billing.settings',
        ]),
      ).toBe(1);
    });
  });

  describe('household rules', () => {
    const cases: [string, object, string, string][] = [
      [
        'a first name',
        { members: [{ ...spouse, firstName: ' ' }], sameAddressCertified: true },
        'members.0.firstName',
        'Please enter the first name for all household members',
      ],
      [
        'a last name',
        { members: [{ ...spouse, lastName: '' }], sameAddressCertified: true },
        'members.0.lastName',
        'Please enter the last name and date of birth for all household members',
      ],
      [
        'a date of birth',
        { members: [{ ...spouse, dateOfBirth: null }], sameAddressCertified: true },
        'members.0.dateOfBirth',
        'Please enter the last name and date of birth for all household members',
      ],
      [
        'a real date of birth',
        { members: [{ ...spouse, dateOfBirth: '2001-02-30' }], sameAddressCertified: true },
        'members.0.dateOfBirth',
        'Please enter a valid date of birth',
      ],
      [
        'a date of birth not in the future',
        { members: [{ ...spouse, dateOfBirth: '2999-01-01' }], sameAddressCertified: true },
        'members.0.dateOfBirth',
        'Date of birth cannot be in the future',
      ],
      [
        'the same-address certification',
        { members: [spouse] },
        'sameAddressCertified',
        'You must certify that all household members live at the same address',
      ],
      [
        'the child certification',
        { members: [{ ...child, childCertified: false }], sameAddressCertified: true },
        'members.0.childCertified',
        'Please certify that each child is unmarried and not working full-time',
      ],
      [
        'the parent certification',
        { members: [{ ...spouse, relationship: 'PARENT' }], sameAddressCertified: true },
        'members.0.parentCertified',
        'Please certify that each parent is financially dependent on you',
      ],
    ];

    it.each(cases)('requires %s and writes nothing', async (_name, input, field, message) => {
      const member = await h.aMember();
      const result = await h.gql(SAVE, { input }, member.token);
      expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);
    });

    it('refuses more than 20 members', async () => {
      const member = await h.aMember();
      const members = Array.from({ length: 21 }, () => spouse);
      const result = await h.gql(SAVE, { input: aHousehold(members) }, member.token);
      expect(result.errors?.[0]?.extensions.fieldErrors.members).toBe(
        'A household can have at most 20 members',
      );
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);
    });

    it('adds from the profile only after the registration fee is paid', async () => {
      const member = await h.aMember();
      const early = await h.gql(ADD, { input: spouse, same: true }, member.token);
      expect(early.errors?.[0]?.extensions.code).toBe('CONFLICT');
      expect(early.errors?.[0]?.message).toBe(
        'Registration Required: Please complete your registration payment before adding household members',
      );
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);

      await register(member, []);
      const missing = await h.gql(
        ADD,
        { input: { firstName: 'Ibrahim' }, same: true },
        member.token,
      );
      expect(missing.errors?.[0]?.message).toBe(
        'Please fill in all required fields for the household member',
      );
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);

      const added = await h.gql(
        ADD,
        { input: { ...spouse, relationship: 'PARENT', parentCertified: true }, same: true },
        member.token,
      );
      expect(added.data.addHouseholdMember).toMatchObject({
        feeStatus: 'PAYMENT_DUE',
        fee: 2500,
        relationship: 'PARENT',
      });
      expect(await h.outbox('household.member_added', member.id)).toHaveLength(1);

      // The wizard cannot replace the household once registration is paid.
      const replaced = await h.gql(SAVE, { input: { members: [] } }, member.token);
      expect(replaced.errors?.[0]?.extensions.code).toBe('CONFLICT');
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(1);

      // Paying the added member's fee through its own checkout.
      const checkout = await h.gql(
        `mutation($id: ID!) { startHouseholdMemberCheckout(memberId: $id) { id url } }`,
        { id: added.data.addHouseholdMember.id },
        member.token,
      );
      await h.submitSandbox(checkout.data.startHouseholdMemberCheckout.url, {
        action: 'pay',
        card: '4242424242424242',
      });
      const household = await h.gql('{ myHousehold { feeStatus } }', {}, member.token);
      expect(household.data.myHousehold).toEqual([{ feeStatus: 'PAID' }]);
    });
  });

  describe('names that look empty', () => {
    const invisible = INVISIBLE_NAMES.flatMap(([label, text]) => [
      { field: 'firstName', message: HouseholdMessages.firstNameRequired, label, text },
      { field: 'lastName', message: HouseholdMessages.lastNameAndBirthDateRequired, label, text },
    ]);

    it.each(invisible)(
      'refuses a household $field of $label in the wizard and writes nothing',
      async ({ field, message, text }) => {
        const member = await h.aMember();
        const result = await h.gql(
          SAVE,
          { input: aHousehold([{ ...spouse, [field]: text }]) },
          member.token,
        );
        expect(result.data).toBeNull();
        expect(result.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toBe(message);
        expect(result.errors?.[0]?.extensions.fieldErrors).toEqual({
          [`members.0.${field}`]: message,
        });
        expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);
      },
    );

    it('refuses each of them from the profile too, and adds nothing', async () => {
      const member = await h.aMember();
      await register(member, []);
      const message = HouseholdMessages.profileFieldsRequired;
      for (const { field, label, text } of invisible) {
        const result = await h.gql(
          ADD,
          { input: { ...spouse, [field]: text }, same: true },
          member.token,
        );
        expect({ field, label, answer: result.errors?.[0] }).toEqual({
          field,
          label,
          answer: expect.objectContaining({
            message,
            extensions: expect.objectContaining({
              code: 'BAD_USER_INPUT',
              fieldErrors: { [field]: message },
            }),
          }),
        });
      }
      expect(await h.count('household_members', 'user_id = $1', [member.id])).toBe(0);
      expect(await h.outbox('household.member_added', member.id)).toHaveLength(0);
    });

    it('stores names as NFC without the invisible characters around them', async () => {
      const member = await h.aMember();
      const saved = await h.gql(
        SAVE,
        {
          input: aHousehold([
            {
              ...spouse,
              firstName: '\u200BZo\u0308e\u3164',
              lastName: ' \u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647\u2800',
            },
          ]),
        },
        member.token,
      );
      expect(saved.errors).toBeUndefined();
      expect(saved.data.saveHousehold[0].fullName).toBe(
        'Z\u00F6e \u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647',
      );
      const rows = await h.dataSource.query(
        'SELECT first_name, last_name FROM household_members WHERE user_id = $1',
        [member.id],
      );
      expect(rows).toEqual([
        { first_name: 'Z\u00F6e', last_name: '\u0639\u0628\u062F\u200C\u0627\u0644\u0644\u0647' },
      ]);
    });
  });

  describe('permissions', () => {
    it("keeps another member's household, payments and checkouts out of reach", async () => {
      const [alice, bob] = [await h.aMember('Alice'), await h.aMember('Bob')];
      const saved = await h.gql(
        SAVE,
        { input: { members: [spouse], sameAddressCertified: true } },
        alice.token,
      );
      const aliceMemberId = saved.data.saveHousehold[0].id;
      const checkout = await register(alice, [spouse]);

      const removed = await h.gql(
        `mutation($id: ID!) { removeHouseholdMember(id: $id) }`,
        { id: aliceMemberId },
        bob.token,
      );
      expect(removed.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      const status = await h.gql(
        `query($id: ID!) { checkoutStatus(id: $id) { state } }`,
        { id: checkout.id },
        bob.token,
      );
      expect(status.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      const pay = await h.gql(
        `mutation($id: ID!) { startHouseholdMemberCheckout(memberId: $id) { id } }`,
        { id: aliceMemberId },
        bob.token,
      );
      expect(pay.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
      expect((await h.gql(PAYMENTS, {}, bob.token)).data.myPayments).toEqual([]);
      expect((await h.gql('{ myHousehold { id } }', {}, bob.token)).data.myHousehold).toEqual([]);

      const own = await h.gql(
        `query($id: ID!) { checkoutStatus(id: $id) { kind state } }`,
        { id: checkout.id },
        alice.token,
      );
      expect(own.data.checkoutStatus).toEqual({ kind: 'REGISTRATION', state: 'COMPLETED' });
      expect(await h.count('household_members', 'user_id = $1', [alice.id])).toBe(1);
    });

    it('reads User fields for the member themself only', async () => {
      const [alice, bob] = [await h.aMember(), await h.aMember()];
      const query = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id registrationFeePaid membershipStatus } } }`;
      const own = await h.gql(query, { reps: [{ __typename: 'User', id: alice.id }] }, alice.token);
      expect(own.data._entities).toEqual([
        { id: alice.id, registrationFeePaid: false, membershipStatus: 'PENDING' },
      ]);
      const other = await h.gql(query, { reps: [{ __typename: 'User', id: alice.id }] }, bob.token);
      expect(other.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    });

    it('has no way for a member to mark a fee paid or choose an amount', async () => {
      const member = await h.aMember();
      // No such inputs exist in the schema.
      const forged = await h.gql(
        `mutation { startRegistrationCheckout(amount: 1) { id } }`,
        {},
        member.token,
      );
      expect(forged.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const marked = await h.gql(`mutation { markRegistrationFeePaid }`, {}, member.token);
      expect(marked.errors).toBeDefined();
      await h.gql(SAVE, { input: { members: [spouse], sameAddressCertified: true } }, member.token);
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const page = await (
        await fetch(
          `${h.url}${new URL(started.data.startRegistrationCheckout.url).pathname}${new URL(started.data.startRegistrationCheckout.url).search}`,
          { headers: asGateway() },
        )
      ).text();
      expect(page).toContain('$200.00');
      expect(page).toContain('Spouse: Amina Ali');
      // Without a verified payment nothing is paid.
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toEqual({
        status: 'PENDING',
        registrationFeePaid: false,
        missedPayments: 0,
      });
    });
  });

  describe('the sandbox checkout', () => {
    it("speaks the reader's language as the provider's page does: the site's cookie, else the browser's, else English; a member's line by relationship and name", async () => {
      const member = await h.aMember();
      const named = aHouseholdMember('SPOUSE', { firstName: 'Aisha', lastName: 'Rahman' });
      await h.gql(SAVE, { input: aHousehold([named]) }, member.token);
      const quote = await h.gql(
        '{ registrationQuote { memberLines { label amount relationship name } } }',
        {},
        member.token,
      );
      expect(quote.data.registrationQuote.memberLines).toEqual([
        {
          label: 'Spouse: Aisha Rahman',
          amount: expect.any(Number),
          relationship: 'SPOUSE',
          name: 'Aisha Rahman',
        },
      ]);
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const url = new URL(started.data.startRegistrationCheckout.url);
      const page = async (headers: Record<string, string>) => {
        const res = await fetch(`${h.url}${url.pathname}${url.search}`, {
          headers: { ...asGateway(), ...headers },
        });
        expect(res.status).toBe(200);
        return res.text();
      };

      const arabic = await page({ cookie: 'theme=x; lang=ar', 'accept-language': 'ur,en' });
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      for (const words of ['رقم البطاقة', 'الزوج أو الزوجة: Aisha Rahman', 'ادفع ']) {
        expect(arabic).toContain(words);
      }
      expect(arabic).not.toMatch(/Card number|Spouse|Household registration fee|Cancel/);

      const urdu = await page({ 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.5' });
      expect(urdu).toContain('<html lang="ur" dir="rtl">');
      expect(urdu).toContain('کارڈ نمبر');

      // An unknown or forged language is English, and never reaches the page as written.
      const english = await page({ cookie: 'lang=<script>', 'accept-language': 'fr-FR' });
      expect(english).toContain('<html lang="en" dir="ltr">');
      expect(english).toContain('Card number');
      expect(english).toContain('Spouse: Aisha Rahman');
      expect(english).toContain('Household registration fee');
      expect(english).not.toContain('<script>');
    });

    it('declines the declined card visibly, then pays, and activates with the first month', async () => {
      const member = await h.aMember();
      await h.gql(
        SAVE,
        { input: { members: [spouse, child], sameAddressCertified: true } },
        member.token,
      );
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const { url, id } = started.data.startRegistrationCheckout;
      expect(url).toMatch(/^https:\/\/jibs\.example\.org\/sandbox\/checkout\//);
      const declined = await h.submitSandbox(url, { action: 'pay', card: '4000 0000 0000 0002' });
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain('Your card was declined.');
      expect(declined.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(
        (await h.gql(`query($id: ID!) { checkoutStatus(id: $id) { state } }`, { id }, member.token))
          .data.checkoutStatus.state,
      ).toBe('FAILED');

      const paid = await h.submitSandbox(url, { action: 'pay', card: '4242 4242 4242 4242' });
      expect(paid.headers.get('location')).toBe(
        `https://jibs.example.org/registration-payment-success?session_id=${id}`,
      );
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toEqual({
        status: 'PENDING',
        registrationFeePaid: true,
        missedPayments: 0,
      });
      await subscribe(member);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.status).toBe('ACTIVE');
      const payments = (await h.gql(PAYMENTS, {}, member.token)).data.myPayments;
      expect(
        payments.map((p: { amount: number; status: string; type: string }) => [
          p.amount,
          p.status,
          p.type,
        ]),
      ).toEqual([
        [2500, 'COMPLETED', 'MEMBERSHIP'],
        [22500, 'COMPLETED', 'REGISTRATION'],
        [22500, 'FAILED', 'REGISTRATION'],
      ]);
      const summary = await h.gql(
        '{ dashboardSummary { totalPayments monthlyDues membershipStatus } }',
        {},
        member.token,
      );
      expect(summary.data.dashboardSummary).toEqual({
        totalPayments: 25000,
        monthlyDues: 2500,
        membershipStatus: 'ACTIVE',
      });
      const subscription = await h.gql(
        '{ mySubscription { status monthlyAmount cancelAtPeriodEnd } }',
        {},
        member.token,
      );
      expect(subscription.data.mySubscription).toEqual({
        status: 'ACTIVE',
        monthlyAmount: 2500,
        cancelAtPeriodEnd: false,
      });
      const cancelled = await h.gql(
        'mutation { cancelSubscription { status cancelAtPeriodEnd } }',
        {},
        member.token,
      );
      expect(cancelled.data.cancelSubscription).toEqual({
        status: 'ACTIVE',
        cancelAtPeriodEnd: true,
      });
    });

    it('pays once when the form is submitted twice at the same time', async () => {
      const member = await h.aMember();
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const url = started.data.startRegistrationCheckout.url;
      const submits = await Promise.all(
        [1, 2].map(() => h.submitSandbox(url, { action: 'pay', card: '4242424242424242' })),
      );
      expect(submits.map((res) => res.status)).toEqual([303, 303]);
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(1);
    });

    it('returns to the cancel page on Cancel', async () => {
      const member = await h.aMember();
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const res = await h.submitSandbox(started.data.startRegistrationCheckout.url, {
        action: 'cancel',
      });
      expect(res.headers.get('location')).toBe(
        `https://jibs.example.org/payment-cancelled?session_id=${started.data.startRegistrationCheckout.id}`,
      );
    });
  });

  describe('missed payments', () => {
    it('makes the member INACTIVE after three failed renewals in a row', async () => {
      const member = await h.aMember();
      await register(member);
      await subscribe(member);
      for (const n of [1, 2]) {
        const renewal = await h.gql(RENEW, { outcome: 'FAILED' }, member.token);
        expect(renewal.data.sandboxRunRenewal).toEqual({
          amount: 2500,
          status: 'FAILED',
          type: 'MEMBERSHIP',
        });
        expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toMatchObject({
          status: 'ACTIVE',
          missedPayments: n,
        });
      }
      await h.gql(RENEW, { outcome: 'FAILED' }, member.token);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toMatchObject({
        status: 'INACTIVE',
        missedPayments: 3,
      });
      const changes = (await h.outbox('membership.status_changed', member.id)).map(
        (row) => row.envelope.data['to'],
      );
      expect(changes).toEqual(['active', 'inactive']);
      // A paid invoice brings the membership back.
      await h.gql(RENEW, { outcome: 'COMPLETED' }, member.token);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toMatchObject({
        status: 'ACTIVE',
        missedPayments: 0,
      });
    });

    it('does not count fail, pay, fail, fail as three in a row', async () => {
      const member = await h.aMember();
      await register(member);
      await subscribe(member);
      for (const outcome of ['FAILED', 'COMPLETED', 'FAILED', 'FAILED'])
        await h.gql(RENEW, { outcome }, member.token);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership).toMatchObject({
        status: 'ACTIVE',
        missedPayments: 2,
      });
    });
  });

  describe('webhooks', () => {
    const webhookUrl = () => `${h.url}/webhooks/payments`;
    /** Delivers a fact as the sandbox does: signed, to the webhook endpoint. */
    const deliver = async (event: ProviderEvent) => {
      const res = await postSandboxEvent(webhookUrl(), h.webhookSecret, event);
      expect(res.status).toBe(200);
      return res;
    };
    const at = (fact: ProviderFact, created: number): ProviderEvent => ({
      ...sandboxEvent(fact),
      created,
    });

    /** The provider's completion of a registration checkout the member really started. */
    const completed = async (member: TestMember, paymentIntent: string): Promise<ProviderFact> => {
      const started = await h.gql(START_REGISTRATION, {}, member.token);
      const [checkout] = await h.dataSource.query(
        'SELECT id, amount FROM checkouts WHERE provider_session_id = $1',
        [started.data.startRegistrationCheckout.id],
      );
      return {
        kind: 'checkout.completed',
        member: { userId: member.id, customerId: null },
        sessionId: `cs_test_${paymentIntent}`,
        checkoutId: checkout.id,
        purpose: CheckoutKind.REGISTRATION,
        mode: 'payment',
        subscriptionId: null,
        paymentId: paymentIntent,
        amountCents: checkout.amount,
        currency: 'usd',
        refundRef: paymentIntent,
      };
    };

    it('refuses a bad, tampered or stale signature, or a body of another shape, and changes nothing', async () => {
      const member = await h.aMember();
      const event = sandboxEvent(await completed(member, 'pi_bad'));
      const post = (body: string, signature: string) =>
        fetch(webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
      const wrong = signSandboxEvent('whsec_wrong_secret_value', event);
      expect((await post(wrong.payload, wrong.signature)).status).toBe(400);
      const signed = signSandboxEvent(h.webhookSecret, event);
      const tampered = signed.payload.replace('"amountCents":', '"amountCents":1');
      expect(tampered).not.toBe(signed.payload);
      expect((await post(tampered, signed.signature)).status).toBe(400);
      const stale = signSandboxEvent(h.webhookSecret, event, Math.floor(Date.now() / 1000) - 3600);
      expect((await post(stale.payload, stale.signature)).status).toBe(400);
      // Signed with the right secret, but Stripe's shape: the sandbox takes only its own events.
      const stripeShaped = JSON.stringify({
        id: event.id,
        object: 'event',
        type: 'checkout.session.completed',
        created: event.created,
        data: { object: { id: 'cs_x', metadata: { userId: member.id } } },
      });
      expect(
        (await post(stripeShaped, signWebhookPayload(h.webhookSecret, stripeShaped))).status,
      ).toBe(400);
      const unsigned = await fetch(webhookUrl(), { method: 'POST', body: '{}' });
      expect(unsigned.status).toBe(400);
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(0);
      expect(
        (await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.registrationFeePaid,
      ).toBe(false);
    });

    it('applies the same event delivered three times once', async () => {
      const member = await h.aMember();
      const event = sandboxEvent(await completed(member, 'pi_dup'));
      for (let i = 0; i < 3; i++) await deliver(event);
      expect(await h.count('payments', 'user_id = $1', [member.id])).toBe(1);
      expect(await h.outbox('payment.completed', member.id)).toHaveLength(1);
      expect(
        (await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.registrationFeePaid,
      ).toBe(true);
    });

    it('ends in the right state when subscription events arrive out of order', async () => {
      const member = await h.aMember();
      const t = Math.floor(Date.now() / 1000);
      const subscription = (
        change: 'created' | 'updated',
        status: SubscriptionStatus,
      ): ProviderFact => ({
        kind: 'subscription.changed',
        member: { userId: member.id, customerId: null },
        subscriptionId: 'sub_test_order',
        change,
        status,
        monthlyAmountCents: 2500,
        currentPeriodStart: t,
        currentPeriodEnd: t + 2592000,
        cancelAtPeriodEnd: false,
      });
      await deliver(
        at(
          {
            kind: 'invoice.paid',
            member: { userId: member.id, customerId: null },
            invoiceId: 'in_test_order',
            subscriptionId: 'sub_test_order',
            amountCents: 2500,
            currency: 'usd',
            periodStart: null,
            refundRef: null,
          },
          t,
        ),
      );
      await deliver(at(subscription('updated', SubscriptionStatus.ACTIVE), t + 1));
      await deliver(at(subscription('created', SubscriptionStatus.INCOMPLETE), t));
      await deliver(at(subscription('updated', SubscriptionStatus.INCOMPLETE), t));
      await deliver(
        at(
          {
            kind: 'checkout.completed',
            member: { userId: member.id, customerId: null },
            sessionId: 'cs_test_order',
            checkoutId: null,
            purpose: CheckoutKind.SUBSCRIPTION,
            mode: 'subscription',
            subscriptionId: 'sub_test_order',
            paymentId: 'cs_test_order',
            amountCents: 2500,
            currency: 'usd',
            refundRef: null,
          },
          t,
        ),
      );
      const result = await h.gql('{ mySubscription { status monthlyAmount } }', {}, member.token);
      expect(result.data.mySubscription).toEqual({ status: 'ACTIVE', monthlyAmount: 2500 });
    });

    it("finds the member by the provider's customer when a fact names no user, and applies nothing for a stranger", async () => {
      const member = await h.aMember();
      const customerId = `cus_test_${randomUUID()}`;
      await h.dataSource.query('UPDATE members SET provider_customer_id = $1 WHERE user_id = $2', [
        customerId,
        member.id,
      ]);
      const failed = (customer: string, invoiceId: string): ProviderFact => ({
        kind: 'invoice.failed',
        member: { userId: null, customerId: customer },
        invoiceId,
        subscriptionId: 'sub_by_customer',
        amountCents: 2500,
        currency: 'usd',
        periodStart: null,
        reason: 'Your card has insufficient funds.',
      });
      const stranger = sandboxEvent(failed('cus_nobody', 'in_stranger'));
      await deliver(stranger);
      expect(await h.count('provider_events', 'id = $1', [stranger.id])).toBe(1);
      expect(await h.count('payments', 'provider_payment_id = $1', ['in_stranger'])).toBe(0);

      await deliver(sandboxEvent(failed(customerId, 'in_by_customer')));
      expect((await h.gql(PAYMENTS, {}, member.token)).data.myPayments).toEqual([
        expect.objectContaining({ providerPaymentId: 'in_by_customer', status: 'FAILED' }),
      ]);
      expect((await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.missedPayments).toBe(1);
      expect(await h.outbox('payment.failed', member.id)).toEqual([
        expect.objectContaining({
          envelope: expect.objectContaining({
            data: expect.objectContaining({
              reason: 'Your card has insufficient funds.',
              consecutiveFailures: 1,
            }),
          }),
        }),
      ]);
    });

    it('publishes every change of the subscription with the state it replaced, and nothing for a stale or repeated fact', async () => {
      const member = await h.aMember();
      const t = Math.floor(Date.now() / 1000);
      const subscription = (
        change: 'updated' | 'deleted',
        status: SubscriptionStatus,
        cancel: boolean,
      ): ProviderFact => ({
        kind: 'subscription.changed',
        member: { userId: member.id, customerId: null },
        subscriptionId: 'sub_previous',
        change,
        status,
        monthlyAmountCents: 2500,
        currentPeriodStart: null,
        currentPeriodEnd: t + 2592000,
        cancelAtPeriodEnd: cancel,
      });
      // The first invoice makes a placeholder until the subscription's own facts arrive.
      await deliver(
        at(
          {
            kind: 'invoice.paid',
            member: { userId: member.id, customerId: null },
            invoiceId: 'in_previous',
            subscriptionId: 'sub_previous',
            amountCents: 2500,
            currency: 'usd',
            periodStart: null,
            refundRef: null,
          },
          t,
        ),
      );
      const active = at(subscription('updated', SubscriptionStatus.ACTIVE, false), t + 1);
      await deliver(active);
      await deliver(active);
      await deliver(at(subscription('updated', SubscriptionStatus.ACTIVE, true), t + 2));
      await deliver(at(subscription('deleted', SubscriptionStatus.CANCELED, true), t + 4));
      await deliver(at(subscription('updated', SubscriptionStatus.ACTIVE, true), t + 3));

      const published = (await h.outbox('subscription.updated', member.id))
        .map(({ envelope }) => envelope.data as EventData<'subscription.updated'>)
        .map(({ status, cancelAtPeriodEnd, previous }) => ({
          status,
          cancelAtPeriodEnd,
          previous,
        }));
      expect(published).toEqual([
        { status: 'active', cancelAtPeriodEnd: false, previous: null },
        {
          status: 'active',
          cancelAtPeriodEnd: false,
          previous: { status: 'active', cancelAtPeriodEnd: false },
        },
        {
          status: 'active',
          cancelAtPeriodEnd: true,
          previous: { status: 'active', cancelAtPeriodEnd: false },
        },
        {
          status: 'canceled',
          cancelAtPeriodEnd: true,
          previous: { status: 'active', cancelAtPeriodEnd: true },
        },
      ]);
    });

    it('ends the membership when the subscription ends, and a stale update does not revive it', async () => {
      const member = await h.aMember();
      const t = Math.floor(Date.now() / 1000);
      const subscription = (
        id: string,
        change: 'created' | 'updated' | 'deleted',
        status: SubscriptionStatus,
        cancel = false,
      ): ProviderFact => ({
        kind: 'subscription.changed',
        member: { userId: member.id, customerId: null },
        subscriptionId: id,
        change,
        status,
        monthlyAmountCents: 2500,
        currentPeriodStart: null,
        currentPeriodEnd: t + 2592000,
        cancelAtPeriodEnd: cancel,
      });
      const invoicePaid = (id: string, sub: string): ProviderFact => ({
        kind: 'invoice.paid',
        member: { userId: member.id, customerId: null },
        invoiceId: id,
        subscriptionId: sub,
        amountCents: 2500,
        currency: 'usd',
        periodStart: null,
        refundRef: null,
      });
      const state = async () => ({
        membership: (await h.gql(MEMBERSHIP, {}, member.token)).data.myMembership.status,
        subscription: (await h.gql('{ mySubscription { status } }', {}, member.token)).data
          .mySubscription?.status,
      });

      await deliver(at(await completed(member, `pi_end_${member.id}`), t));
      await deliver(at(invoicePaid('in_end_1', 'sub_end_1'), t));
      await deliver(at(subscription('sub_end_1', 'updated', SubscriptionStatus.ACTIVE), t + 1));
      expect(await state()).toEqual({ membership: 'ACTIVE', subscription: 'ACTIVE' });

      // Cancelled at period end, then ended by the provider; the cancellation notice arrives last.
      await deliver(
        at(subscription('sub_end_1', 'deleted', SubscriptionStatus.CANCELED, true), t + 3),
      );
      await deliver(
        at(subscription('sub_end_1', 'updated', SubscriptionStatus.ACTIVE, true), t + 2),
      );
      expect(await state()).toEqual({ membership: 'INACTIVE', subscription: 'CANCELED' });

      // Setting up dues again is allowed, and paying them makes the membership active again.
      const again = await h.gql('mutation { startSubscriptionCheckout { id } }', {}, member.token);
      expect(again.errors).toBeUndefined();
      await deliver(at(invoicePaid('in_end_2', 'sub_end_2'), t + 4));
      await deliver(at(subscription('sub_end_2', 'created', SubscriptionStatus.ACTIVE), t + 4));
      expect(await state()).toEqual({ membership: 'ACTIVE', subscription: 'ACTIVE' });
    });
  });

  it('refuses sandbox renewals without a subscription', async () => {
    const member = await h.aMember();
    const result = await h.gql(RENEW, { outcome: 'COMPLETED' }, member.token);
    expect(result.errors?.[0]?.extensions.code).toBe('CONFLICT');
  });
});
