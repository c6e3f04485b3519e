import { randomUUID } from 'node:crypto';
import { pendingSchemaChanges } from '@jibs/database';
import { PayoutMessages, todayUtc } from '@jibs/domain';
import { ADMIN_EXPORT_PATH } from '@jibs/subgraph';
import { BillingHarness, type TestMember } from '../testing/billing-harness';

const PROPOSE = `mutation($input: ProposePayoutInput!) {
  proposePayout(input: $input) {
    id reportId userId amount payee payeeName method reference status needsSecondApproval
    proposedBy approvedBy paidBy paidOn paidReference lines { lineId amount }
  }
}`;
const APPROVE = `mutation($id: ID!) { approvePayout(payoutId: $id) { id status approvedBy } }`;
const PAY = `mutation($input: MarkPayoutPaidInput!) {
  markPayoutPaid(input: $input) { id status paidOn paidReference paidBy }
}`;
const PAYOUTS = `query($status: String) { assistancePayouts(status: $status) { id status amount } }`;
const CLAIMS = `{ assistanceClaims { reportId userId total inPayouts covered lines { lineId amount inPayouts } } }`;
const MINE = `{ myAssistancePayouts { id reportId amount status payeeName paidOn } }`;
const FUND = `{ fundSummary { balance months { month moneyIn moneyOut } years { year claims payouts paidOut } averagePayout monthsCovered } }`;
const LEDGER = `{ ledgerEntries(limit: 500) { sourceKey kind amount payoutId paymentId } }`;

interface Claim {
  reportId: string;
  userId: string;
  lines: {
    lineId: string;
    category: string;
    amount: number;
    payee: 'funeral_home' | 'cemetery' | 'family';
    documentId: string;
  }[];
}

type Caller = { token: string; id: string };

describe('burial-assistance payouts', () => {
  let h: BillingHarness;
  let adminA: Caller;
  let adminB: Caller;

  beforeAll(async () => {
    h = await BillingHarness.start();
    adminA = await h.anAdmin();
    adminB = await h.anAdmin();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** An approved report's claim as cases publishes it: funeral home $4,000 and cemetery $2,500. */
  async function aClaim(
    family?: TestMember,
    amounts: number[] = [400_000, 250_000],
    time?: Date,
  ): Promise<Claim> {
    const member = family ?? (await h.aMember());
    const claim: Claim = {
      reportId: randomUUID(),
      userId: member.id,
      lines: amounts.map((amount, i) => ({
        lineId: randomUUID(),
        category: i === 0 ? 'funeral_home' : 'plot',
        amount,
        payee: i === 0 ? 'funeral_home' : 'cemetery',
        documentId: randomUUID(),
      })),
    };
    await h.deliverEvent(
      'claim.updated',
      {
        ...claim,
        covered: true,
        windowOverride: false,
        total: amounts.reduce((a, b) => a + b, 0),
      },
      { subject: member.id, source: 'jibs/cases', time },
    );
    return claim;
  }

  const proposal = (claim: Claim, overrides: object = {}, lineAmounts?: number[]) => {
    const lines = claim.lines.map((line, i) => ({
      lineId: line.lineId,
      amount: lineAmounts?.[i] ?? 50_000,
    }));
    return {
      reportId: claim.reportId,
      lines,
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      payee: 'funeral_home',
      payeeName: 'Al-Noor Funeral Home',
      method: 'check',
      reference: 'chk 1001',
      ...overrides,
    };
  };

  const payoutRows = (reportId: string) =>
    h.count('assistance_payouts', 'report_id = $1', [reportId]);
  const ledgerRows = () => h.count('ledger_entries');

  async function refusedWith(input: object, field: string, message: string): Promise<void> {
    const before = {
      payouts: await h.count('assistance_payouts'),
      outbox: await h.count('outbox', "topic = 'assistance.proposed'"),
      audit: await h.count('audit_entries'),
    };
    const body = await h.gql(PROPOSE, { input }, adminA.token);
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { [field]: message },
    });
    expect(body.errors?.[0]?.message).toBe(message);
    expect({
      payouts: await h.count('assistance_payouts'),
      outbox: await h.count('outbox', "topic = 'assistance.proposed'"),
      audit: await h.count('audit_entries'),
    }).toEqual(before);
  }

  async function proposed(claim: Claim, overrides: object = {}, lineAmounts?: number[]) {
    return (await h.ok(PROPOSE, { input: proposal(claim, overrides, lineAmounts) }, adminA.token))
      .proposePayout;
  }

  it('has migrations that match its entities', async () => {
    expect(await pendingSchemaChanges(h.dataSource)).toEqual([]);
  });

  describe("billing's copy of the claims", () => {
    it('keeps the newest claim of a report; an older event delivered late changes nothing', async () => {
      const member = await h.aMember();
      const claim = await aClaim(member, [100_000], new Date(Date.now() - 1000));
      const newer = { ...claim.lines[0]!, amount: 120_000 };
      await h.deliverEvent(
        'claim.updated',
        { ...claim, lines: [newer], covered: true, windowOverride: false, total: 120_000 },
        { subject: member.id, source: 'jibs/cases' },
      );
      await h.deliverEvent(
        'claim.updated',
        { ...claim, lines: [], covered: true, windowOverride: false, total: 0 },
        { subject: member.id, source: 'jibs/cases', time: new Date(Date.now() - 60_000) },
      );
      const { assistanceClaims } = await h.ok(CLAIMS, {}, adminA.token);
      expect(
        assistanceClaims.find((c: { reportId: string }) => c.reportId === claim.reportId),
      ).toMatchObject({ total: 120_000, lines: [{ lineId: newer.lineId, amount: 120_000 }] });
    });
  });

  describe('proposing: refused with the reason, nothing stored', () => {
    it('for a report without an approved claim', async () => {
      const claim = await aClaim();
      await refusedWith(
        { ...proposal(claim), reportId: randomUUID() },
        'reportId',
        PayoutMessages.noApprovedClaim,
      );
    });

    it('for a line not in the claim', async () => {
      const claim = await aClaim();
      const input = proposal(claim);
      input.lines[0]!.lineId = randomUUID();
      await refusedWith(input, 'lines', PayoutMessages.unknownLine);
      await refusedWith(
        { ...input, lines: [{ lineId: 'not-a-line', amount: 100 }], amount: 100 },
        'lines',
        PayoutMessages.unknownLine,
      );
    });

    it("for a line above its invoice, and a total above the claim's invoices", async () => {
      const claim = await aClaim(undefined, [100_000, 50_000]);
      await refusedWith(
        proposal(claim, {}, [100_001, 1]),
        'lines',
        PayoutMessages.lineAboveInvoice(100_000),
      );
      // Within each line once, but the second proposal would pay the invoices twice.
      await proposed(claim, {}, [100_000, 50_000]);
      await refusedWith(proposal(claim, {}, [1, 1]), 'lines', PayoutMessages.lineAboveInvoice(0));
    });

    it('for a total above the coverage limit (and after a settings change, the new one)', async () => {
      const claim = await aClaim(undefined, [400_000, 250_000]);
      await refusedWith(
        proposal(claim, {}, [400_000, 100_001]),
        'amount',
        PayoutMessages.aboveCoverageLimit(500_000),
      );
      await h.deliverEvent(
        'settings.updated',
        {
          settings: { coverageLimit: 300_000, approvalThreshold: 100_000 },
          changed: ['coverageLimit'],
          updatedBy: null,
        },
        { subject: 'site', source: 'jibs/identity' },
      );
      try {
        await refusedWith(
          proposal(claim, {}, [300_000, 1]),
          'amount',
          PayoutMessages.aboveCoverageLimit(300_000),
        );
      } finally {
        await h.deliverEvent(
          'settings.updated',
          {
            settings: { coverageLimit: 500_000, approvalThreshold: 100_000 },
            changed: ['coverageLimit'],
            updatedBy: null,
          },
          { subject: 'site', source: 'jibs/identity' },
        );
      }
    });

    it('for zero or negative amounts, a total not the sum of its lines, and no lines', async () => {
      const claim = await aClaim();
      await refusedWith(proposal(claim, {}, [0, 100]), 'lines', PayoutMessages.amountNotPositive);
      await refusedWith(
        proposal(claim, {}, [-500, 100]),
        'lines',
        PayoutMessages.amountNotPositive,
      );
      await refusedWith(proposal(claim, { amount: 0 }), 'amount', PayoutMessages.amountNotPositive);
      await refusedWith(proposal(claim, { amount: 99 }), 'amount', PayoutMessages.totalMismatch);
      await refusedWith(proposal(claim, { lines: [] }), 'lines', PayoutMessages.linesRequired);
      await refusedWith(proposal(claim, {}, [10.5, 100]), 'lines', PayoutMessages.amountNotCents);
    });

    it('for an unknown payee or method, or no payee name', async () => {
      const claim = await aClaim();
      await refusedWith(proposal(claim, { payee: 'bank' }), 'payee', PayoutMessages.payeeRequired);
      await refusedWith(
        proposal(claim, { method: 'crypto' }),
        'method',
        PayoutMessages.methodRequired,
      );
      await refusedWith(
        proposal(claim, { payeeName: ' \u200b ' }),
        'payeeName',
        PayoutMessages.payeeNameRequired,
      );
    });
  });

  describe('access', () => {
    it('members and anonymous callers cannot propose, approve, pay or read the books; nothing changes', async () => {
      const member = await h.aMember();
      const claim = await aClaim(member);
      const payout = await proposed(claim, {}, [100_000, 100_000]);
      const before = {
        payouts: await h.count('assistance_payouts'),
        ledger: await ledgerRows(),
        audit: await h.count('audit_entries'),
      };
      const operations: [string, object][] = [
        [PROPOSE, { input: proposal(claim) }],
        [APPROVE, { id: payout.id }],
        [PAY, { input: { payoutId: payout.id, paidOn: todayUtc(), reference: 'x' } }],
        [PAYOUTS, {}],
        [CLAIMS, {}],
        [FUND, {}],
        [LEDGER, {}],
      ];
      for (const [query, variables] of operations) {
        const asMember = await h.gql(query, variables, member.token);
        expect(asMember.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        const anonymous = await h.gql(query, variables);
        expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      expect({
        payouts: await h.count('assistance_payouts'),
        ledger: await ledgerRows(),
        audit: await h.count('audit_entries'),
      }).toEqual(before);
      expect((await h.gql(MINE)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it("a member sees their own reports' payouts only", async () => {
      const family = await h.aMember();
      const other = await h.aMember();
      const payout = await proposed(await aClaim(family));
      await proposed(await aClaim(other));
      const mine = (await h.ok(MINE, {}, family.token)).myAssistancePayouts;
      expect(mine.map((row: { id: string }) => row.id)).toEqual([payout.id]);
      expect((await h.ok(MINE, {}, (await h.aMember()).token)).myAssistancePayouts).toEqual([]);
    });
  });

  describe('approving and paying', () => {
    it('above the threshold: a different admin approves, then it is paid once, into the ledger, audited and published', async () => {
      const family = await h.aMember();
      const claim = await aClaim(family);
      const balanceBefore = (await h.ok(FUND, {}, adminA.token)).fundSummary.balance;
      const payout = await proposed(claim, { payee: 'funeral_home' }, [150_000, 50_000]);
      expect(payout).toMatchObject({
        status: 'proposed',
        amount: 200_000,
        needsSecondApproval: true,
        proposedBy: adminA.id,
      });

      // Paying before the second approval, or approving one's own proposal: refused.
      const early = await h.gql(
        PAY,
        { input: { payoutId: payout.id, paidOn: todayUtc(), reference: 'chk 1001' } },
        adminB.token,
      );
      expect(early.errors?.[0]).toMatchObject({
        message: PayoutMessages.awaitingApproval,
        extensions: { code: 'CONFLICT' },
      });
      const own = await h.gql(APPROVE, { id: payout.id }, adminA.token);
      expect(own.errors?.[0]).toMatchObject({
        message: PayoutMessages.ownProposal,
        extensions: { code: 'FORBIDDEN' },
      });
      expect(await h.count('audit_entries', "action = 'assistance.approved'")).toBe(0);

      const approved = (await h.ok(APPROVE, { id: payout.id }, adminB.token)).approvePayout;
      expect(approved).toMatchObject({ status: 'approved', approvedBy: adminB.id });
      const again = await h.gql(APPROVE, { id: payout.id }, adminB.token);
      expect(again.errors?.[0]).toMatchObject({
        message: PayoutMessages.alreadyApproved,
        extensions: { code: 'CONFLICT' },
      });

      // Bad payment input: nothing changes.
      for (const [input, field, message] of [
        [{ paidOn: '2999-01-01', reference: 'r' }, 'paidOn', PayoutMessages.paidOnInFuture],
        [{ paidOn: '2026-02-30', reference: 'r' }, 'paidOn', PayoutMessages.paidOnInvalid],
        [{ paidOn: todayUtc(), reference: '  ' }, 'reference', PayoutMessages.referenceRequired],
        [{ paidOn: '2000-01-01', reference: 'r' }, 'paidOn', PayoutMessages.paidOnBeforeProposal],
      ] as const) {
        const body = await h.gql(PAY, { input: { payoutId: payout.id, ...input } }, adminA.token);
        expect(body.errors?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          fieldErrors: { [field]: message },
        });
      }
      expect(await h.count('ledger_entries', 'payout_id = $1', [payout.id])).toBe(0);
      const unknown = await h.gql(
        PAY,
        { input: { payoutId: randomUUID(), paidOn: todayUtc(), reference: 'r' } },
        adminA.token,
      );
      expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      const paid = (
        await h.ok(
          PAY,
          { input: { payoutId: payout.id, paidOn: todayUtc(), reference: 'chk 1001' } },
          adminA.token,
        )
      ).markPayoutPaid;
      expect(paid).toMatchObject({ status: 'paid', paidOn: todayUtc(), paidBy: adminA.id });
      const twice = await h.gql(
        PAY,
        { input: { payoutId: payout.id, paidOn: todayUtc(), reference: 'chk 1001' } },
        adminB.token,
      );
      expect(twice.errors?.[0]).toMatchObject({
        message: PayoutMessages.alreadyPaid,
        extensions: { code: 'CONFLICT' },
      });

      const entries = await h.dataSource.query(
        'SELECT kind, amount, source_key FROM ledger_entries WHERE payout_id = $1',
        [payout.id],
      );
      expect(entries).toEqual([
        { kind: 'assistance', amount: -200_000, source_key: `payout:${payout.id}` },
      ]);
      const fund = (await h.ok(FUND, {}, adminA.token)).fundSummary;
      expect(fund.balance).toBe(balanceBefore - 200_000);
      const thisMonth = todayUtc().slice(0, 7);
      expect(fund.months.at(-1)).toMatchObject({ month: thisMonth });
      expect(fund.months.at(-1).moneyOut).toBeGreaterThanOrEqual(200_000);
      expect(fund.years[0]).toMatchObject({ year: Number(thisMonth.slice(0, 4)) });
      expect(fund.averagePayout).toBeGreaterThan(0);

      for (const topic of ['assistance.proposed', 'assistance.approved', 'assistance.paid']) {
        const events = (await h.outbox(topic, family.id)).map((row) => row.envelope.data);
        expect(events).toEqual([expect.objectContaining({ payoutId: payout.id, amount: 200_000 })]);
      }
      const [published] = (await h.outbox('assistance.paid', family.id)).map(
        (r) => r.envelope.data,
      );
      expect(published).toMatchObject({
        reportId: claim.reportId,
        userId: family.id,
        payee: 'funeral_home',
        method: 'check',
        paidOn: todayUtc(),
        paidBy: adminA.id,
      });
      const audit = await h.dataSource.query(
        'SELECT action, actor_id FROM audit_entries WHERE subject_id = $1 ORDER BY created_at',
        [payout.id],
      );
      expect(audit).toEqual([
        { action: 'assistance.proposed', actor_id: adminA.id },
        { action: 'assistance.approved', actor_id: adminB.id },
        { action: 'assistance.paid', actor_id: adminA.id },
      ]);
      expect((await h.ok(MINE, {}, family.token)).myAssistancePayouts).toEqual([
        expect.objectContaining({ id: payout.id, status: 'paid', paidOn: todayUtc() }),
      ]);
    });

    it('within the threshold: no second approval; the proposer may mark it paid', async () => {
      const claim = await aClaim();
      const payout = await proposed(claim, {}, [60_000, 40_000]);
      expect(payout.needsSecondApproval).toBe(false);
      const approve = await h.gql(APPROVE, { id: payout.id }, adminB.token);
      expect(approve.errors?.[0]).toMatchObject({
        message: PayoutMessages.noSecondApproval,
        extensions: { code: 'CONFLICT' },
      });
      await h.ok(
        PAY,
        { input: { payoutId: payout.id, paidOn: todayUtc(), reference: 'cash 7' } },
        adminA.token,
      );
      expect(await h.count('ledger_entries', 'payout_id = $1', [payout.id])).toBe(1);
      expect(
        await h.count('outbox', "topic = 'assistance.approved' AND key = $1", [claim.userId]),
      ).toBe(0);
    });

    it('two admins approving at once: exactly one wins', async () => {
      const adminC = await h.anAdmin();
      for (let round = 0; round < 3; round++) {
        const payout = await proposed(await aClaim(), {}, [150_000, 0 + 1]);
        const results = await Promise.all(
          [adminB, adminC].map((admin) => h.gql(APPROVE, { id: payout.id }, admin.token)),
        );
        expect(results.filter((body) => !body.errors).length).toBe(1);
        expect(results.find((body) => body.errors)?.errors?.[0]?.extensions?.code).toBe('CONFLICT');
        expect(
          await h.count('audit_entries', "action = 'assistance.approved' AND subject_id = $1", [
            payout.id,
          ]),
        ).toBe(1);
      }
    });

    it('two admins marking paid at once: exactly one wins and the ledger has one entry', async () => {
      for (let round = 0; round < 3; round++) {
        const payout = await proposed(await aClaim(), {}, [50_000, 10_000]);
        const results = await Promise.all(
          [adminA, adminB].map((admin) =>
            h.gql(
              PAY,
              { input: { payoutId: payout.id, paidOn: todayUtc(), reference: `ref ${admin.id}` } },
              admin.token,
            ),
          ),
        );
        expect(results.filter((body) => !body.errors).length).toBe(1);
        expect(results.find((body) => body.errors)?.errors?.[0]).toMatchObject({
          message: PayoutMessages.alreadyPaid,
          extensions: { code: 'CONFLICT' },
        });
        expect(await h.count('ledger_entries', 'payout_id = $1', [payout.id])).toBe(1);
        expect(
          await h.count(
            'outbox',
            "topic = 'assistance.paid' AND envelope->'data'->>'payoutId' = $1",
            [payout.id],
          ),
        ).toBe(1);
      }
    });

    it('two proposals at once for one report cannot pay its invoices twice', async () => {
      const claim = await aClaim(undefined, [100_000, 50_000]);
      const results = await Promise.all(
        [adminA, adminB].map((admin) =>
          h.gql(PROPOSE, { input: proposal(claim, {}, [100_000, 50_000]) }, admin.token),
        ),
      );
      expect(results.filter((body) => !body.errors).length).toBe(1);
      expect(await payoutRows(claim.reportId)).toBe(1);
    });
  });

  describe('the ledger', () => {
    it('refuses updates and deletes at the database, and counts a payment once', async () => {
      const userId = randomUUID();
      const paymentId = randomUUID();
      await h.dataSource.query(
        `INSERT INTO payments (id, user_id, amount, currency, status, type, description, provider_payment_id)
         VALUES ($1, $2, 2500, 'usd', 'pending', 'membership', 'dues', $3)`,
        [paymentId, userId, `in_${paymentId}`],
      );
      expect(await h.count('ledger_entries', 'payment_id = $1', [paymentId])).toBe(0);
      await h.dataSource.query(`UPDATE payments SET status = 'completed' WHERE id = $1`, [
        paymentId,
      ]);
      await h.dataSource.query(
        `UPDATE payments SET status = 'completed', description = 'again' WHERE id = $1`,
        [paymentId],
      );
      expect(
        await h.dataSource.query('SELECT kind, amount FROM ledger_entries WHERE payment_id = $1', [
          paymentId,
        ]),
      ).toEqual([{ kind: 'dues', amount: 2500 }]);
      await expect(
        h.dataSource.query('UPDATE ledger_entries SET amount = 1 WHERE payment_id = $1', [
          paymentId,
        ]),
      ).rejects.toThrow(/append-only/);
      await expect(
        h.dataSource.query('DELETE FROM ledger_entries WHERE payment_id = $1', [paymentId]),
      ).rejects.toThrow(/append-only/);
      await expect(h.dataSource.query('TRUNCATE ledger_entries')).rejects.toThrow(/append-only/);
      await expect(
        h.dataSource.query(
          `INSERT INTO ledger_entries (source_key, kind, amount, currency, occurred_at) VALUES ($1, 'dues', 2500, 'usd', now())`,
          [`payment:${paymentId}`],
        ),
      ).rejects.toThrow(/duplicate key/);
    });

    it('a payment taken but not counted is money in, and its refund money out', async () => {
      const paymentId = randomUUID();
      await h.dataSource.query(
        `INSERT INTO payments (id, user_id, amount, currency, status, type, description, provider_payment_id, flag_reason, refund_ref, refund_status)
         VALUES ($1, $2, 17500, 'usd', 'cancelled', 'registration', 'stale', $3, 'stale checkout', 'pi_x', 'pending')`,
        [paymentId, randomUUID(), `pi_${paymentId}`],
      );
      await h.dataSource.query(`UPDATE payments SET refund_status = 'refunded' WHERE id = $1`, [
        paymentId,
      ]);
      expect(
        await h.dataSource.query(
          'SELECT kind, amount FROM ledger_entries WHERE payment_id = $1 ORDER BY amount DESC',
          [paymentId],
        ),
      ).toEqual([
        { kind: 'uncounted_payment', amount: 17500 },
        { kind: 'refund', amount: -17500 },
      ]);
    });

    it('exports a date range as CSV for admins only', async () => {
      const url = (query: string) => `${h.url}${ADMIN_EXPORT_PATH}/ledger_entries?${query}`;
      const member = await h.aMember();
      const refused = await fetch(url('format=csv'), {
        headers: { ...h.asGateway(), authorization: `Bearer ${member.token}` },
      });
      expect(refused.status).toBe(403);
      const today = todayUtc();
      const res = await fetch(url(`format=csv&from=${today}&to=${today}`), {
        headers: { ...h.asGateway(), authorization: `Bearer ${adminA.token}` },
      });
      expect(res.status).toBe(200);
      const csv = await res.text();
      const [header, ...rows] = csv.trim().split('\r\n');
      expect(header).toBe(
        'id,occurred_at,direction,kind,amount,currency,source,user_id,payment_id,payout_id',
      );
      expect(rows.length).toBe(await h.count('ledger_entries', 'occurred_at >= $1::date', [today]));
      expect(rows.some((row) => row.includes(',out,assistance,-'))).toBe(true);
    });
  });
});
