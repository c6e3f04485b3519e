import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Roles } from '@jibs/auth';
import { DomainError, Role } from '@jibs/domain';
import { FundSummaryModel, LedgerEntryModel } from './fund.models';
import { LedgerService } from './ledger.service';

const LIMIT_MESSAGE = 'Choose a limit from 1 to 500';

/** Admins: the fund's books (the CSV of a date range is the `ledger_entries` export). */
@Resolver()
export class LedgerResolver {
  constructor(private readonly ledger: LedgerService) {}

  @Roles(Role.ADMIN)
  @Query(() => FundSummaryModel, {
    description:
      'Admins only: the balance, money in and out for the last 12 months, claims and payouts per year, the average payout and the months of payouts the balance covers.',
  })
  fundSummary(): Promise<FundSummaryModel> {
    return this.ledger.summary();
  }

  @Roles(Role.ADMIN)
  @Query(() => [LedgerEntryModel], { description: "Admins only: the ledger's newest entries." })
  async ledgerEntries(
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ): Promise<LedgerEntryModel[]> {
    if (limit < 1 || limit > 500) throw DomainError.badInput({ limit: LIMIT_MESSAGE });
    return (await this.ledger.entries(limit)).map((row) => LedgerEntryModel.from(row));
  }
}
