import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { ClaimEntity } from './claim.entity';
import type { PayoutEntity } from './payout.entity';

@ObjectType('PayoutLine')
export class PayoutLineModel {
  @Field(() => ID)
  lineId!: string;

  @Field(() => Int, { description: 'Cents.' })
  amount!: number;
}

/** Admins: a burial-assistance payout and who did what. */
@ObjectType('AssistancePayout')
export class PayoutModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  reportId!: string;

  @Field(() => ID, { description: 'The member whose report it is.' })
  userId!: string;

  @Field(() => [PayoutLineModel])
  lines!: PayoutLineModel[];

  @Field(() => Int, { description: 'Cents.' })
  amount!: number;

  @Field({ description: "'funeral_home', 'cemetery' or 'family'." })
  payee!: string;

  @Field()
  payeeName!: string;

  @Field({ description: "'check', 'bank_transfer' or 'cash'." })
  method!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field({ description: "'proposed', 'approved' or 'paid'." })
  status!: string;

  @Field({ description: 'Above the two-person threshold: a different admin approves first.' })
  needsSecondApproval!: boolean;

  @Field(() => ID)
  proposedBy!: string;

  @Field(() => ID, { nullable: true })
  approvedBy!: string | null;

  @Field(() => Date, { nullable: true })
  approvedAt!: Date | null;

  @Field(() => ID, { nullable: true })
  paidBy!: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  paidOn!: string | null;

  @Field(() => String, { nullable: true })
  paidReference!: string | null;

  @Field()
  createdAt!: Date;

  static from(row: PayoutEntity): PayoutModel {
    return Object.assign(new PayoutModel(), {
      id: row.id,
      reportId: row.reportId,
      userId: row.userId,
      lines: row.lines.map((line) => Object.assign(new PayoutLineModel(), line)),
      amount: row.amount,
      payee: row.payee,
      payeeName: row.payeeName,
      method: row.method,
      reference: row.reference,
      status: row.status,
      needsSecondApproval: row.needsSecondApproval,
      proposedBy: row.proposedBy,
      approvedBy: row.approvedBy,
      approvedAt: row.approvedAt,
      paidBy: row.paidBy,
      paidOn: row.paidOn,
      paidReference: row.paidReference,
      createdAt: row.createdAt,
    });
  }
}

/** The family's view of a payout for their report: what, to whom, where it stands. */
@ObjectType('MyAssistancePayout')
export class MyPayoutModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  reportId!: string;

  @Field(() => Int, { description: 'Cents.' })
  amount!: number;

  @Field()
  payee!: string;

  @Field()
  payeeName!: string;

  @Field()
  method!: string;

  @Field()
  status!: string;

  @Field(() => String, { nullable: true })
  paidOn!: string | null;

  @Field()
  createdAt!: Date;

  static from(row: PayoutEntity): MyPayoutModel {
    return Object.assign(new MyPayoutModel(), {
      id: row.id,
      reportId: row.reportId,
      amount: row.amount,
      payee: row.payee,
      payeeName: row.payeeName,
      method: row.method,
      status: row.status,
      paidOn: row.paidOn,
      createdAt: row.createdAt,
    });
  }
}

@ObjectType('AssistanceClaimLine')
export class ClaimLineModel {
  @Field(() => ID)
  lineId!: string;

  @Field()
  category!: string;

  @Field(() => Int, { description: "Cents: the invoice's amount." })
  amount!: number;

  @Field()
  payee!: string;

  @Field(() => ID)
  documentId!: string;

  @Field(() => Int, { description: 'Cents already in payouts (proposed, approved or paid).' })
  inPayouts!: number;
}

/** Admins: an approved report's claim as billing knows it, with what payouts already cover. */
@ObjectType('AssistanceClaim')
export class ClaimModel {
  @Field(() => ID)
  reportId!: string;

  @Field(() => ID)
  userId!: string;

  @Field()
  covered!: boolean;

  @Field()
  windowOverride!: boolean;

  @Field(() => Int, { description: 'Cents: the sum of the invoices.' })
  total!: number;

  @Field(() => Int, { description: 'Cents already in payouts.' })
  inPayouts!: number;

  @Field(() => [ClaimLineModel])
  lines!: ClaimLineModel[];

  @Field()
  openedAt!: Date;

  static from(row: ClaimEntity, payouts: readonly PayoutEntity[]): ClaimModel {
    const perLine = new Map<string, number>();
    for (const payout of payouts)
      for (const line of payout.lines)
        perLine.set(line.lineId, (perLine.get(line.lineId) ?? 0) + line.amount);
    return Object.assign(new ClaimModel(), {
      reportId: row.reportId,
      userId: row.userId,
      covered: row.covered,
      windowOverride: row.windowOverride,
      total: row.total,
      inPayouts: payouts.reduce((sum, payout) => sum + payout.amount, 0),
      lines: row.lines.map((line) =>
        Object.assign(new ClaimLineModel(), { ...line, inPayouts: perLine.get(line.lineId) ?? 0 }),
      ),
      openedAt: row.openedAt,
    });
  }
}
