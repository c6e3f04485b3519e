import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { ClaimLineEntity } from './claim-line.entity';

@ObjectType('ClaimLine')
export class ClaimLineModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'One of EXPENSE_CATEGORIES.' })
  category!: string;

  @Field(() => Int, { description: 'Cents.' })
  amount!: number;

  @Field({ description: 'One of PAYEE_KINDS: funeral_home, cemetery, family.' })
  payeeKind!: string;

  @Field()
  payeeName!: string;

  @Field(() => ID, { description: 'The invoice or receipt in documents.' })
  documentId!: string;

  @Field()
  createdAt!: Date;

  static from(row: ClaimLineEntity): ClaimLineModel {
    return Object.assign(new ClaimLineModel(), {
      id: row.id,
      category: row.category,
      amount: row.amount,
      payeeKind: row.payeeKind,
      payeeName: row.payeeName,
      documentId: row.documentId,
      createdAt: row.createdAt,
    });
  }
}

@ObjectType('Claim', {
  description: "A death report's burial-assistance claim: its expense lines.",
})
export class ClaimModel {
  @Field(() => ID)
  reportId!: string;

  @Field({ description: 'An admin accepted the claim outside the claim window.' })
  windowOverride!: boolean;

  @Field(() => [ClaimLineModel], { description: 'Oldest first.' })
  lines!: ClaimLineModel[];

  @Field(() => Int, { description: 'Cents: the sum of the lines.' })
  total!: number;

  static of(reportId: string, windowOverride: boolean, rows: ClaimLineEntity[]): ClaimModel {
    return Object.assign(new ClaimModel(), {
      reportId,
      windowOverride,
      lines: rows.map((row) => ClaimLineModel.from(row)),
      total: rows.reduce((sum, row) => sum + row.amount, 0),
    });
  }
}
