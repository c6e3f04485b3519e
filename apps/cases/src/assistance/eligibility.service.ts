import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
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
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: AssistanceSettingsService,
  ) {}

  async assess(
    report: DeathReportEntity,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<EligibilityAssessment> {
    const [settings, changes, payments, deceased] = await Promise.all([
      this.settings.current(manager),
      manager.find(MembershipStatusChangeEntity, {
        where: { userId: report.userId },
        order: { changedAt: 'ASC' },
      }),
      manager.find(MemberPaymentEntity, {
        where: { userId: report.userId },
        order: { paidAt: 'ASC' },
      }),
      this.deceasedOf(report, manager),
    ]);
    return assessEligibility(
      {
        dateOfDeath: report.dateOfDeath,
        reportedAt: report.createdAt,
        deceased,
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

  private async deceasedOf(
    report: DeathReportEntity,
    manager: EntityManager,
  ): Promise<DeceasedFact> {
    if (report.deceasedKind === DeceasedKind.ACCOUNT_HOLDER) return { kind: report.deceasedKind };
    if (report.deceasedKind === DeceasedKind.HOUSEHOLD_MEMBER && report.deceasedMemberId) {
      const person = await manager.findOneBy(HouseholdPersonEntity, {
        memberId: report.deceasedMemberId,
        userId: report.userId,
      });
      if (person)
        return {
          kind: DeceasedKind.HOUSEHOLD_MEMBER,
          firstName: person.firstName,
          relationship: person.relationship,
          dateOfBirth: person.dateOfBirth,
          addedAt: person.addedAt,
          removedAt: person.removedAt,
        };
    }
    return { kind: DeceasedKind.SOMEONE_ELSE };
  }
}
