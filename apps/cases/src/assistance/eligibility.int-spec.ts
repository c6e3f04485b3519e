import { randomUUID } from 'node:crypto';
import { AssistanceMessages, EligibilityRule, formatLongDate } from '@jibs/domain';
import { CasesHarness, type TestUser } from '../testing/cases-harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);
/** A date of birth making someone `years` old (and half a year) today. */
const bornYearsAgo = (years: number) =>
  dayOf(new Date(Date.now() - (years + 0.5) * 365.25 * DAY_MS));

const ASSESSMENT = `query($reps: [_Any!]!) { _entities(representations: $reps) {
  ... on DeathReport { id deceasedKind deceasedHouseholdMemberId
    assessment { covered summary rules { rule label met reason reasonCode reasonArguments reasonDates } } } } }`;

/** A fact of the member's history, `daysAgo` before now, as billing would publish it. */
type Fact =
  | { status: 'pending' | 'active' | 'inactive'; at: number }
  | { payment: 'registration' | 'membership'; at: number }
  | {
      added: 'spouse' | 'child' | 'parent';
      at: number;
      name?: string;
      dateOfBirth?: string;
      removedAt?: number;
    };

interface Row {
  name: string;
  facts: Fact[];
  /** Who died: the account holder, someone else, or the household member added by the facts. */
  deceased: 'holder' | 'someone' | 'household';
  deathDaysAgo: number;
  unmet: EligibilityRule[];
}

const { PERSON_COVERED, MEMBERSHIP_ACTIVE, WAITING_PERIOD, DUES_CURRENT, CLAIM_WINDOW } =
  EligibilityRule;

/** Paid and active since `since` days ago, paying dues every month since. */
const paidMember = (since: number): Fact[] => [
  { payment: 'registration', at: since },
  { status: 'active', at: since },
  ...Array.from({ length: Math.floor(since / 30) }, (_, i) => ({
    payment: 'membership' as const,
    at: since - 30 * (i + 1),
  })).filter((fact) => fact.at > 0),
];

const ROWS: Row[] = [
  // Covered and uncovered persons.
  {
    name: 'the account holder',
    facts: paidMember(200),
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [],
  },
  {
    name: 'someone else',
    facts: paidMember(200),
    deceased: 'someone',
    deathDaysAgo: 10,
    unmet: [PERSON_COVERED, WAITING_PERIOD],
  },
  {
    name: 'a spouse',
    facts: [...paidMember(200), { added: 'spouse', at: 150 }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [],
  },
  {
    name: 'a parent',
    facts: [...paidMember(200), { added: 'parent', at: 150 }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [],
  },
  {
    name: 'a child under the age limit',
    facts: [...paidMember(200), { added: 'child', at: 150, dateOfBirth: bornYearsAgo(10) }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [],
  },
  {
    name: 'a child at or over the age limit',
    facts: [...paidMember(200), { added: 'child', at: 150, dateOfBirth: bornYearsAgo(25) }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [PERSON_COVERED],
  },
  {
    name: 'a household member removed before the death',
    facts: [...paidMember(200), { added: 'spouse', at: 150, removedAt: 40 }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [PERSON_COVERED],
  },
  // Active and inactive on the date of death.
  {
    name: 'a membership inactive on the date of death',
    facts: [...paidMember(200), { status: 'inactive', at: 30 }],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [MEMBERSHIP_ACTIVE, WAITING_PERIOD],
  },
  {
    name: 'a membership that became inactive after the date of death',
    facts: [...paidMember(200), { status: 'inactive', at: 5 }],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [],
  },
  {
    name: 'a membership never active',
    facts: [{ status: 'pending', at: 100 }],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [MEMBERSHIP_ACTIVE, WAITING_PERIOD, DUES_CURRENT],
  },
  // Inside and outside the waiting period.
  {
    name: 'the holder inside the waiting period from the first payment',
    facts: paidMember(20),
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [WAITING_PERIOD],
  },
  {
    name: 'a person added later, inside their own waiting period',
    facts: [...paidMember(200), { added: 'spouse', at: 25 }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [WAITING_PERIOD],
  },
  {
    name: 'a person added after the date of death',
    facts: [...paidMember(200), { added: 'spouse', at: 5 }],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [PERSON_COVERED, WAITING_PERIOD],
  },
  {
    name: 'coverage lost and regained: a new waiting period, not yet over',
    facts: [
      ...paidMember(300),
      { status: 'inactive', at: 100 },
      { status: 'active', at: 25 },
      { payment: 'membership', at: 25 },
    ],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [WAITING_PERIOD],
  },
  {
    name: 'coverage lost and regained for a household member too',
    facts: [
      ...paidMember(300),
      { added: 'child', at: 250, dateOfBirth: bornYearsAgo(8) },
      { status: 'inactive', at: 100 },
      { status: 'active', at: 25 },
      { payment: 'membership', at: 25 },
    ],
    deceased: 'household',
    deathDaysAgo: 10,
    unmet: [WAITING_PERIOD],
  },
  {
    name: 'coverage lost and regained: the new waiting period over',
    facts: [
      ...paidMember(300),
      { status: 'inactive', at: 120 },
      { status: 'active', at: 60 },
      { payment: 'membership', at: 60 },
      { payment: 'membership', at: 30 },
    ],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [],
  },
  // Dues.
  {
    name: 'dues in arrears',
    facts: [
      { payment: 'registration', at: 200 },
      { status: 'active', at: 200 },
    ],
    deceased: 'holder',
    deathDaysAgo: 10,
    unmet: [DUES_CURRENT],
  },
  // Inside and outside the claim window.
  {
    name: 'a claim on the last day of the window',
    facts: paidMember(300),
    deceased: 'holder',
    deathDaysAgo: 90,
    unmet: [],
  },
  {
    name: 'a claim outside the window',
    facts: paidMember(300),
    deceased: 'holder',
    deathDaysAgo: 91,
    unmet: [CLAIM_WINDOW],
  },
];

describe('eligibility assessment', () => {
  let harness: CasesHarness;
  let admin: TestUser;

  beforeAll(async () => {
    harness = await CasesHarness.start();
    admin = await harness.anAdmin();
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** Delivers the facts as billing's events at their times; returns the household member's id. */
  async function history(member: TestUser, facts: Fact[]): Promise<string | null> {
    let householdId: string | null = null;
    let status: 'pending' | 'active' | 'inactive' = 'pending';
    const billing = { subject: member.id, source: 'jibs/billing' };
    for (const fact of [...facts].sort((a, b) => b.at - a.at)) {
      const time = daysAgo(fact.at);
      if ('status' in fact) {
        await harness.deliverEvent(
          'membership.status_changed',
          { userId: member.id, from: status, to: fact.status, reason: 'test' },
          { ...billing, time },
        );
        status = fact.status;
      } else if ('payment' in fact) {
        await harness.deliverEvent(
          'payment.completed',
          {
            paymentId: randomUUID(),
            userId: member.id,
            amount: 2500,
            currency: 'usd',
            type: fact.payment,
            description: null,
            providerPaymentId: null,
          },
          { ...billing, time },
        );
      } else {
        householdId = randomUUID();
        await harness.deliverEvent(
          'household.member_added',
          {
            userId: member.id,
            memberId: householdId,
            relationship: fact.added,
            firstName: fact.name ?? 'Sara',
            fee: 2500,
            dateOfBirth: fact.dateOfBirth ?? null,
          },
          { ...billing, time },
        );
        if (fact.removedAt !== undefined)
          await harness.deliverEvent(
            'household.member_removed',
            { userId: member.id, memberId: householdId },
            { ...billing, time: daysAgo(fact.removedAt) },
          );
      }
    }
    return householdId;
  }

  async function assess(user: TestUser, reportId: string) {
    const data = await harness.ok(
      ASSESSMENT,
      { reps: [{ __typename: 'DeathReport', id: reportId }] },
      user,
    );
    const assessment = data._entities[0].assessment as {
      covered: boolean;
      summary: string;
      rules: {
        rule: string;
        met: boolean;
        reason: string;
        reasonCode: string;
        reasonArguments: string[];
        reasonDates: number[];
      }[];
    };
    // GraphQL names the enum's values in capitals; the domain's values are lower case.
    return {
      ...assessment,
      rules: assessment.rules.map((rule) => ({
        ...rule,
        rule: rule.rule.toLowerCase() as EligibilityRule,
      })),
    };
  }

  it.each(ROWS)('$name', async (row) => {
    const member = await harness.aMember({ paid: true });
    const householdId = await history(member, row.facts);
    const report = await harness.submit(member, {
      dateOfDeath: dayOf(daysAgo(row.deathDaysAgo)),
      ...(row.deceased === 'holder' ? { deceasedKind: 'ACCOUNT_HOLDER' } : {}),
      ...(row.deceased === 'household'
        ? { deceasedKind: 'HOUSEHOLD_MEMBER', deceasedHouseholdMemberId: householdId }
        : {}),
    });
    for (const caller of [member, admin]) {
      const assessment = await assess(caller, report.id);
      expect(assessment.rules.map((rule) => rule.rule)).toEqual(Object.values(EligibilityRule));
      expect(assessment.rules.filter((rule) => !rule.met).map((rule) => rule.rule)).toEqual(
        row.unmet,
      );
      expect(assessment.covered).toBe(row.unmet.length === 0);
      expect(assessment.summary.startsWith(AssistanceMessages.notCovered)).toBe(
        row.unmet.length > 0,
      );
    }
  });

  it('gives each rule a plain reason with the real dates', async () => {
    const member = await harness.aMember({ paid: true });
    const householdId = await history(member, [
      ...paidMember(200),
      { added: 'spouse', at: 20, name: 'Sara' },
    ]);
    const death = dayOf(daysAgo(5));
    const report = await harness.submit(member, {
      dateOfDeath: death,
      deceasedKind: 'HOUSEHOLD_MEMBER',
      deceasedHouseholdMemberId: householdId,
    });
    const { rules } = await assess(member, report.id);
    const reason = (rule: EligibilityRule) => rules.find((each) => each.rule === rule)!.reason;
    const added = dayOf(daysAgo(20));
    const ends = dayOf(new Date(Date.parse(`${added}T00:00:00Z`) + 30 * DAY_MS));
    expect(reason(WAITING_PERIOD)).toBe(
      `Sara was added to the household on ${formatLongDate(added)}; the 30-day waiting period ends on ${formatLongDate(ends)}, after the date of death (${formatLongDate(death)}).`,
    );
    expect(reason(PERSON_COVERED)).toBe(
      "Sara is the member's spouse, a covered member of the household.",
    );
    expect(reason(MEMBERSHIP_ACTIVE)).toBe(
      `The membership was active on ${formatLongDate(death)} (active since ${formatLongDate(dayOf(daysAgo(200)))}).`,
    );
    expect(reason(CLAIM_WINDOW)).toBe(
      `The death was reported on ${formatLongDate(dayOf(new Date()))}, 5 days after the date of death, inside the 90-day claim window.`,
    );
    // The same reason by its code, for a client that writes it in its reader's language.
    const waiting = rules.find((each) => each.rule === WAITING_PERIOD)!;
    expect({
      code: waiting.reasonCode,
      arguments: waiting.reasonArguments,
      dates: waiting.reasonDates,
    }).toEqual({
      code: 'addedWaitingNotOver',
      arguments: ['Sara', added, '30', ends, death],
      dates: [1, 3, 4],
    });
  });

  it("refuses another member's household member, and one not named, storing nothing", async () => {
    const owner = await harness.aMember({ paid: true });
    const theirs = await history(owner, [{ added: 'spouse', at: 10 }]);
    const other = await harness.aMember({ paid: true });
    const before = await harness.count('death_reports');
    const SUBMIT = `mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }`;
    const base = {
      deceasedName: 'Sara Ali',
      dateOfDeath: dayOf(daysAgo(1)),
      placeOfDeath: 'Dallas',
      relationshipToDeceased: 'Spouse',
    };
    for (const [input, message] of [
      [
        { ...base, deceasedKind: 'HOUSEHOLD_MEMBER', deceasedHouseholdMemberId: theirs },
        AssistanceMessages.householdMemberNotFound,
      ],
      [
        { ...base, deceasedKind: 'HOUSEHOLD_MEMBER', deceasedHouseholdMemberId: 'nope' },
        AssistanceMessages.householdMemberNotFound,
      ],
      [{ ...base, deceasedKind: 'HOUSEHOLD_MEMBER' }, AssistanceMessages.householdMemberRequired],
      [
        { ...base, deceasedKind: 'ACCOUNT_HOLDER', deceasedHouseholdMemberId: theirs },
        AssistanceMessages.householdMemberOnlyWithKind,
      ],
    ] as const) {
      const body = await harness.gql(SUBMIT, { input }, other);
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions['fieldErrors']).toEqual({
        deceasedHouseholdMemberId: message,
      });
    }
    expect(await harness.count('death_reports')).toBe(before);
  });

  it('knows the household registered with the registration fee, and defaults to someone else', async () => {
    const member = await harness.aMember();
    const spouseId = randomUUID();
    await harness.deliverEvent(
      'membership.registration_paid',
      {
        userId: member.id,
        household: [{ memberId: spouseId, relationship: 'spouse', firstName: 'Maryam' }],
      },
      { subject: member.id, source: 'jibs/billing', time: daysAgo(100) },
    );
    const report = await harness.submit(member, {
      dateOfDeath: dayOf(daysAgo(10)),
      deceasedKind: 'HOUSEHOLD_MEMBER',
      deceasedHouseholdMemberId: spouseId,
    });
    expect(report).toBeTruthy();
    const { rules } = await assess(member, report.id);
    expect(rules[0]).toMatchObject({ rule: PERSON_COVERED, met: true });
    const plain = await harness.submit(member);
    const data = await harness.ok(
      ASSESSMENT,
      { reps: [{ __typename: 'DeathReport', id: plain.id }] },
      member,
    );
    expect(data._entities[0].deceasedKind).toBe('SOMEONE_ELSE');
  });

  it("does not show a member another member's assessment", async () => {
    const owner = await harness.aMember({ paid: true });
    const report = await harness.submit(owner);
    const other = await harness.aMember({ paid: true });
    const body = await harness.gql(
      ASSESSMENT,
      { reps: [{ __typename: 'DeathReport', id: report.id }] },
      other,
    );
    expect(body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const anonymous = await harness.gql(ASSESSMENT, {
      reps: [{ __typename: 'DeathReport', id: report.id }],
    });
    expect(anonymous.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it("applies the admin's settings from settings.updated", async () => {
    const member = await harness.aMember({ paid: true });
    await history(member, paidMember(200));
    const report = await harness.submit(member, {
      dateOfDeath: dayOf(daysAgo(10)),
      deceasedKind: 'ACCOUNT_HOLDER',
    });
    expect((await assess(member, report.id)).covered).toBe(true);
    await harness.deliverEvent(
      'settings.updated',
      {
        settings: { waitingPeriodDays: 365, claimWindowDays: 5 },
        changed: ['waitingPeriodDays', 'claimWindowDays'],
        updatedBy: admin.id,
      },
      { subject: 'site', source: 'jibs/identity' },
    );
    const after = await assess(member, report.id);
    expect(after.rules.filter((rule) => !rule.met).map((rule) => rule.rule)).toEqual([
      WAITING_PERIOD,
      CLAIM_WINDOW,
    ]);
  });
});
