import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  cleanText,
  DomainError,
  isBlank,
  isUuid,
  MAX_PAYEE_NAME_LENGTH,
  MAX_PAYOUT_REFERENCE_LENGTH,
  PAYOUT_METHODS,
  PAYEE_KINDS,
  PayoutMessages,
  todayUtc,
  type FieldErrors,
  type PayoutMethod,
  type PayeeKind,
  type PayoutStatus,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { ClaimEntity } from './claim.entity';
import type { MarkPayoutPaidInput, ProposePayoutInput } from './dto/payout.inputs';
import { PayoutEntity, type PayoutLine } from './payout.entity';

export const PAYOUT_ACTIONS = {
  proposed: 'assistance.proposed',
  approved: 'assistance.approved',
  paid: 'assistance.paid',
} as const;

interface ValidProposal {
  reportId: string;
  lines: PayoutLine[];
  amount: number;
  payee: PayeeKind;
  payeeName: string;
  method: PayoutMethod;
  reference: string | null;
}

const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** Text as every form stores it: NFC, invisible ends removed, blank as ''. */
const text = (value: string | null | undefined): string =>
  isBlank(value) ? '' : cleanText(value ?? '');

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The proposal's own shape, before any row is read. */
function validateProposal(input: ProposePayoutInput): ValidProposal {
  const errors: FieldErrors = {};
  const reportId = text(input.reportId);
  if (!isUuid(reportId)) errors['reportId'] = PayoutMessages.reportRequired;
  const lines: PayoutLine[] = [];
  if (!input.lines?.length) errors['lines'] = PayoutMessages.linesRequired;
  for (const line of input.lines ?? []) {
    const lineId = text(line.lineId);
    if (!isUuid(lineId)) errors['lines'] ??= PayoutMessages.unknownLine;
    else if (lines.some((seen) => seen.lineId === lineId))
      errors['lines'] ??= PayoutMessages.lineTwice;
    if (typeof line.amount !== 'number' || line.amount <= 0)
      errors['lines'] ??= PayoutMessages.amountNotPositive;
    else if (!isCents(line.amount)) errors['lines'] ??= PayoutMessages.amountNotCents;
    lines.push({ lineId, amount: line.amount ?? 0 });
  }
  const amount = input.amount;
  if (typeof amount !== 'number' || amount <= 0)
    errors['amount'] = PayoutMessages.amountNotPositive;
  else if (!isCents(amount)) errors['amount'] = PayoutMessages.amountNotCents;
  else if (!errors['lines'] && lines.reduce((sum, line) => sum + line.amount, 0) !== amount)
    errors['amount'] = PayoutMessages.totalMismatch;
  const payee = text(input.payee);
  if (!(PAYEE_KINDS as readonly string[]).includes(payee))
    errors['payee'] = PayoutMessages.payeeRequired;
  const payeeName = text(input.payeeName);
  if (!payeeName) errors['payeeName'] = PayoutMessages.payeeNameRequired;
  else if (payeeName.length > MAX_PAYEE_NAME_LENGTH)
    errors['payeeName'] = PayoutMessages.payeeNameTooLong;
  const method = text(input.method);
  if (!(PAYOUT_METHODS as readonly string[]).includes(method))
    errors['method'] = PayoutMessages.methodRequired;
  const reference = text(input.reference);
  if (reference.length > MAX_PAYOUT_REFERENCE_LENGTH)
    errors['reference'] = PayoutMessages.referenceTooLong;
  if (Object.keys(errors).length > 0) throw DomainError.badInput(errors);
  return {
    reportId,
    lines,
    amount: amount as number,
    payee: payee as PayeeKind,
    payeeName,
    method: method as PayoutMethod,
    reference: reference || null,
  };
}

/**
 * Burial-assistance payouts (README "Burial assistance: the money"): an admin proposes one for
 * an approved claim, within its invoices and the coverage limit per death; above the approval
 * threshold a different admin approves it; then it is marked paid, which enters the money going
 * out in the ledger (a trigger, in the same transaction). Each step is audited and published.
 * Steps on one payout are serialized by its row lock, proposals for one report by the claim's,
 * so of two admins acting at once exactly one succeeds and the other is told why.
 */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: FeeSettingsService,
    private readonly events: EventPublisher,
  ) {}

  async propose(actorId: string, input: ProposePayoutInput): Promise<PayoutEntity> {
    const proposal = validateProposal(input);
    return this.dataSource.transaction(async (manager) => {
      const claim = await manager.findOne(ClaimEntity, {
        where: { reportId: proposal.reportId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!claim) throw DomainError.badInput({ reportId: PayoutMessages.noApprovedClaim });
      const earlier = await manager.findBy(PayoutEntity, { reportId: claim.reportId });
      const perLine = new Map<string, number>();
      for (const payout of earlier)
        for (const line of payout.lines)
          perLine.set(line.lineId, (perLine.get(line.lineId) ?? 0) + line.amount);
      for (const line of proposal.lines) {
        const claimed = claim.lines.find((candidate) => candidate.lineId === line.lineId);
        if (!claimed) throw DomainError.badInput({ lines: PayoutMessages.unknownLine });
        const left = claimed.amount - (perLine.get(line.lineId) ?? 0);
        if (line.amount > left)
          throw DomainError.badInput({ lines: PayoutMessages.lineAboveInvoice(Math.max(0, left)) });
      }
      const already = earlier.reduce((sum, payout) => sum + payout.amount, 0);
      const invoicesLeft = claim.total - already;
      if (proposal.amount > invoicesLeft)
        throw DomainError.badInput({
          amount: PayoutMessages.aboveInvoices(Math.max(0, invoicesLeft)),
        });
      const limits = await this.settings.payoutLimits(manager);
      const limitLeft = limits.coverageLimit - already;
      if (proposal.amount > limitLeft)
        throw DomainError.badInput({
          amount: PayoutMessages.aboveCoverageLimit(Math.max(0, limitLeft)),
        });
      const payout = await manager.save(
        manager.create(PayoutEntity, {
          ...proposal,
          userId: claim.userId,
          status: 'proposed' as PayoutStatus,
          needsSecondApproval: proposal.amount > limits.approvalThreshold,
          proposedBy: actorId,
          approvedBy: null,
          approvedAt: null,
          paidBy: null,
          paidOn: null,
          paidReference: null,
        }),
      );
      await this.events.publish(
        manager,
        'assistance.proposed',
        {
          payoutId: payout.id,
          reportId: payout.reportId,
          userId: payout.userId,
          amount: payout.amount,
          payee: payout.payee,
          method: payout.method,
          proposedBy: actorId,
          needsSecondApproval: payout.needsSecondApproval,
        },
        { subject: payout.userId },
      );
      await this.audit(manager, actorId, PAYOUT_ACTIONS.proposed, payout, null, {
        amount: payout.amount,
        lines: payout.lines,
        payee: payout.payee,
        payeeName: payout.payeeName,
        method: payout.method,
        reference: payout.reference,
        needsSecondApproval: payout.needsSecondApproval,
        coverageLimit: limits.coverageLimit,
        approvalThreshold: limits.approvalThreshold,
      });
      return payout;
    });
  }

  async approve(actorId: string, payoutId: string | null | undefined): Promise<PayoutEntity> {
    return this.dataSource.transaction(async (manager) => {
      const payout = await this.lock(manager, payoutId);
      if (payout.status === 'paid') throw DomainError.conflict(PayoutMessages.alreadyPaid);
      if (payout.status === 'approved') throw DomainError.conflict(PayoutMessages.alreadyApproved);
      if (!payout.needsSecondApproval) throw DomainError.conflict(PayoutMessages.noSecondApproval);
      if (payout.proposedBy === actorId) throw DomainError.forbidden(PayoutMessages.ownProposal);
      const before = { status: payout.status };
      Object.assign(payout, { status: 'approved', approvedBy: actorId, approvedAt: new Date() });
      await manager.save(payout);
      await this.events.publish(
        manager,
        'assistance.approved',
        {
          payoutId: payout.id,
          reportId: payout.reportId,
          userId: payout.userId,
          amount: payout.amount,
          approvedBy: actorId,
        },
        { subject: payout.userId },
      );
      await this.audit(manager, actorId, PAYOUT_ACTIONS.approved, payout, before, {
        status: payout.status,
      });
      return payout;
    });
  }

  async markPaid(actorId: string, input: MarkPayoutPaidInput): Promise<PayoutEntity> {
    const errors: FieldErrors = {};
    const paidOn = text(input.paidOn);
    if (!paidOn) errors['paidOn'] = PayoutMessages.paidOnRequired;
    else if (!isRealDate(paidOn)) errors['paidOn'] = PayoutMessages.paidOnInvalid;
    else if (paidOn > todayUtc()) errors['paidOn'] = PayoutMessages.paidOnInFuture;
    const reference = text(input.reference);
    if (!reference) errors['reference'] = PayoutMessages.referenceRequired;
    else if (reference.length > MAX_PAYOUT_REFERENCE_LENGTH)
      errors['reference'] = PayoutMessages.referenceTooLong;
    if (Object.keys(errors).length > 0) throw DomainError.badInput(errors);
    return this.dataSource.transaction(async (manager) => {
      const payout = await this.lock(manager, input.payoutId);
      if (payout.status === 'paid') throw DomainError.conflict(PayoutMessages.alreadyPaid);
      if (payout.needsSecondApproval && payout.status !== 'approved')
        throw DomainError.conflict(PayoutMessages.awaitingApproval);
      if (paidOn < todayUtc(payout.createdAt))
        throw DomainError.badInput({ paidOn: PayoutMessages.paidOnBeforeProposal });
      const before = { status: payout.status };
      Object.assign(payout, { status: 'paid', paidBy: actorId, paidOn, paidReference: reference });
      // The ledger's out entry is written by the trigger on this update, in this transaction.
      await manager.save(payout);
      await this.events.publish(
        manager,
        'assistance.paid',
        {
          payoutId: payout.id,
          reportId: payout.reportId,
          userId: payout.userId,
          amount: payout.amount,
          payee: payout.payee,
          method: payout.method,
          paidOn,
          paidBy: actorId,
        },
        { subject: payout.userId },
      );
      await this.audit(manager, actorId, PAYOUT_ACTIONS.paid, payout, before, {
        status: payout.status,
        paidOn,
        paidReference: reference,
      });
      return payout;
    });
  }

  /** Admins: every payout, newest first, optionally of one status. */
  list(status?: string | null): Promise<PayoutEntity[]> {
    return this.dataSource.manager.find(PayoutEntity, {
      where: status ? { status: status as PayoutStatus } : {},
      order: { createdAt: 'DESC' },
      take: 500,
    });
  }

  /** A member's own payouts (their reports'), newest first. */
  listFor(userId: string): Promise<PayoutEntity[]> {
    return this.dataSource.manager.find(PayoutEntity, {
      where: { userId },
      order: { createdAt: 'DESC' },
    });
  }

  /** Admins: the approved claims, newest first, with their payouts. */
  async claims(): Promise<{ claim: ClaimEntity; payouts: PayoutEntity[] }[]> {
    const claims = await this.dataSource.manager.find(ClaimEntity, {
      order: { openedAt: 'DESC' },
      take: 500,
    });
    const payouts = claims.length
      ? await this.dataSource.manager.findBy(PayoutEntity, {
          reportId: In(claims.map((claim) => claim.reportId)),
        })
      : [];
    return claims.map((claim) => ({
      claim,
      payouts: payouts.filter((payout) => payout.reportId === claim.reportId),
    }));
  }

  private async lock(
    manager: EntityManager,
    payoutId: string | null | undefined,
  ): Promise<PayoutEntity> {
    const id = text(payoutId);
    const payout = isUuid(id)
      ? await manager.findOne(PayoutEntity, { where: { id }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!payout) throw DomainError.notFound(PayoutMessages.notFound);
    return payout;
  }

  private audit(
    manager: EntityManager,
    actorId: string,
    action: string,
    payout: PayoutEntity,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ) {
    return recordAudit(this.events, manager, {
      actorId,
      action,
      subjectType: 'payout',
      subjectId: payout.id,
      memberId: payout.userId,
      before,
      after: { reportId: payout.reportId, ...after },
    });
  }
}
