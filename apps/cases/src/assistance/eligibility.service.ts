import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { RowsByUserLoader } from '@jibs/subgraph';
import {
  assessEligibility,
  AssistanceMessages,
  DeceasedKind,
  DomainError,
  isUuid,
  type DeceasedFact,
  type EligibilityAssessment,
} from '@jibs/domain';
import type { DeathReportEntity } from '../death-reports/death-report.entity';
import { AssistanceSettingsService } from './assistance-settings.service';
import { HouseholdPersonEntity } from './household-person.entity';
import { MemberPaymentEntity } from './member-payment.entity';
import { MembershipStatusChangeEntity } from './membership-status-change.entity';

/** The eligibility assessment of a report, from the facts cases keeps (see AssistanceFactsConsumer). */
@Injectable()
export class EligibilityService {
  /** Per request: a list of reports reads each kind of fact once for all their members. */
  private readonly changes: RowsByUserLoader<MembershipStatusChangeEntity>;
  private readonly payments: RowsByUserLoader<MemberPaymentEntity>;
  private readonly household: RowsByUserLoader<HouseholdPersonEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: AssistanceSettingsService,
  ) {
    const manager = () => this.dataSource.manager;
    this.changes = new RowsByUserLoader((ids) =>
      manager().find(MembershipStatusChangeEntity, {
        where: { userId: In([...ids]) },
        order: { changedAt: 'ASC' },
      }),
    );
    this.payments = new RowsByUserLoader((ids) =>
      manager().find(MemberPaymentEntity, {
        where: { userId: In([...ids]) },
        order: { paidAt: 'ASC' },
      }),
    );
    this.household = new RowsByUserLoader((ids) =>
      manager().find(HouseholdPersonEntity, { where: { userId: In([...ids]) } }),
    );
  }

  /**
   * Inside a transaction (review, claim changes): read with its manager, one query after another.
   * A transaction is one connection, which runs one query at a time: queries sent together only
   * queue in the driver, which pg 8 warns of and pg 9 refuses.
   */
  async assess(
    report: DeathReportEntity,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EligibilityAssessment> {
    const settings = await this.settings.current(manager);
    const changes = await manager.find(MembershipStatusChangeEntity, {
      where: { userId: report.userId },
      order: { changedAt: 'ASC' },
    });
    const payments = await manager.find(MemberPaymentEntity, {
      where: { userId: report.userId },
      order: { paidAt: 'ASC' },
    });
    const household = await manager.find(HouseholdPersonEntity, {
      where: { userId: report.userId },
    });
    return this.decide(report, settings, changes, payments, household);
  }

  /** For a field resolver: the request's loaders batch the facts of every report it lists. */
  async assessInRequest(
    context: object,
    report: DeathReportEntity,
  ): Promise<EligibilityAssessment> {
    const [settings, changes, payments, household] = await Promise.all([
      this.settings.current(),
      this.changes.load(context, report.userId),
      this.payments.load(context, report.userId),
      this.household.load(context, report.userId),
    ]);
    return this.decide(report, settings, changes, payments, household);
  }

  private decide(
    report: DeathReportEntity,
    settings: Awaited<ReturnType<AssistanceSettingsService['current']>>,
    changes: MembershipStatusChangeEntity[],
    payments: MemberPaymentEntity[],
    household: HouseholdPersonEntity[],
  ): EligibilityAssessment {
    return assessEligibility(
      {
        dateOfDeath: report.dateOfDeath,
        reportedAt: report.createdAt,
        deceased: deceasedOf(report, household),
        statusChanges: changes.map((row) => ({ at: row.changedAt, to: row.toStatus })),
        payments: payments.map((row) => ({ at: row.paidAt, type: row.type })),
        windowOverride: report.windowOverride,
      },
      settings,
    );
  }

  /**
   * The household member a member names as the one who died: theirs (also when removed since:
   * a family may remove the deceased before reporting; the assessment compares the dates), or
   * bad input (another member's id is refused the same way as an unknown one).
   */
  async ownHouseholdMember(
    userId: string,
    memberId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<HouseholdPersonEntity> {
    const row = isUuid(memberId)
      ? await manager.findOneBy(HouseholdPersonEntity, { memberId, userId })
      : null;
    if (!row)
      throw DomainError.badInput({
        deceasedHouseholdMemberId: AssistanceMessages.householdMemberNotFound,
      });
    return row;
  }
}

/** Who died, from the report and the member's household as cases knows it. */
function deceasedOf(report: DeathReportEntity, household: HouseholdPersonEntity[]): DeceasedFact {
  if (report.deceasedKind === DeceasedKind.ACCOUNT_HOLDER) return { kind: report.deceasedKind };
  const person =
    report.deceasedKind === DeceasedKind.HOUSEHOLD_MEMBER
      ? household.find((row) => row.memberId === report.deceasedMemberId)
      : undefined;
  if (!person) return { kind: DeceasedKind.SOMEONE_ELSE };
  return {
    kind: DeceasedKind.HOUSEHOLD_MEMBER,
    firstName: person.firstName,
    relationship: person.relationship,
    dateOfBirth: person.dateOfBirth,
    addedAt: person.addedAt,
    removedAt: person.removedAt,
  };
}
