import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AssistanceMessages,
  claimExpenseSchema,
  DomainError,
  EligibilityRule,
  type ExpenseCategory,
  fieldErrorsOf,
  INVOICE_DOCUMENT_TYPES,
  isUuid,
  lateClaimNoteSchema,
  ReviewStatus,
  Role,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { recordAudit } from '@jibs/subgraph';
import { AssistanceSettingsService } from '../assistance/assistance-settings.service';
import { EligibilityService } from '../assistance/eligibility.service';
import { MemberDocumentEntity } from '../assistance/member-document.entity';
import { DeathReportEntity } from '../death-reports/death-report.entity';
import { CasesMessages } from '../death-reports/cases-messages';
import { ClaimLineEntity } from './claim-line.entity';

/** Who is acting: the family (their own reports only) or an admin (any report). */
export interface ClaimActor {
  id: string;
  role: string;
}

export interface ClaimExpenseInput {
  reportId: string;
  category: string;
  amount: number;
  payeeKind: string;
  payeeName: string;
  documentId: string;
}

/**
 * The burial-assistance claim of an approved report: its expense lines. Every change locks the
 * report, is checked against its state and the assessment's claim window, and publishes the whole
 * claim as `claim.updated` in the same transaction.
 */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly settings: AssistanceSettingsService,
    private readonly eligibility: EligibilityService,
  ) {}

  lines(
    reportId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ClaimLineEntity[]> {
    return manager.find(ClaimLineEntity, {
      where: { reportId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async addLine(actor: ClaimActor, input: ClaimExpenseInput): Promise<DeathReportEntity> {
    return this.dataSource.transaction(async (manager) => {
      const report = await this.lockFor(manager, actor, input.reportId);
      const settings = await this.settings.current(manager);
      const parsed = claimExpenseSchema(settings.eligibleExpenseCategories).safeParse(input);
      if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
      await this.assertOpen(manager, report);
      const document = isUuid(input.documentId)
        ? await manager.findOneBy(MemberDocumentEntity, {
            documentId: input.documentId,
            userId: report.userId,
          })
        : null;
      if (!document) throw DomainError.badInput({ documentId: AssistanceMessages.invoiceNotFound });
      if (!(INVOICE_DOCUMENT_TYPES as readonly string[]).includes(document.documentType))
        throw DomainError.badInput({ documentId: AssistanceMessages.invoiceWrongType });
      if (document.status === 'rejected')
        throw DomainError.badInput({ documentId: AssistanceMessages.invoiceRejected });
      await manager.save(
        manager.create(ClaimLineEntity, {
          reportId: report.id,
          ...parsed.data,
          category: parsed.data.category as ExpenseCategory,
          documentId: document.documentId,
          addedBy: actor.id,
        }),
      );
      await this.publish(manager, report);
      return report;
    });
  }

  async removeLine(actor: ClaimActor, lineId: string): Promise<DeathReportEntity> {
    if (!isUuid(lineId)) throw DomainError.notFound(AssistanceMessages.lineNotFound);
    return this.dataSource.transaction(async (manager) => {
      const line = await manager.findOneBy(ClaimLineEntity, { id: lineId });
      if (!line) throw DomainError.notFound(AssistanceMessages.lineNotFound);
      const report = await this.lockFor(
        manager,
        actor,
        line.reportId,
        AssistanceMessages.lineNotFound,
      );
      await this.assertOpen(manager, report);
      const { affected } = await manager.delete(ClaimLineEntity, { id: line.id });
      // Removed meanwhile by a concurrent call: that call published the claim.
      if (!affected) throw DomainError.notFound(AssistanceMessages.lineNotFound);
      await this.publish(manager, report);
      return report;
    });
  }

  /**
   * Admins: accept an approved report's claim although it came after the claim window, with a
   * note kept in the audit trail.
   */
  async acceptLateClaim(
    adminId: string,
    reportId: string,
    note: unknown,
  ): Promise<DeathReportEntity> {
    const parsed = lateClaimNoteSchema.safeParse(typeof note === 'string' ? note : '');
    if (!parsed.success) throw DomainError.badInput({ note: parsed.error.issues[0]!.message });
    return this.dataSource.transaction(async (manager) => {
      const report = await this.lockFor(manager, { id: adminId, role: Role.ADMIN }, reportId);
      if (report.status !== ReviewStatus.APPROVED)
        throw DomainError.conflict(AssistanceMessages.reportNotApproved);
      if (report.windowOverride || (await this.insideWindow(manager, report)))
        throw DomainError.conflict(AssistanceMessages.windowAlreadyMet);
      report.windowOverride = true;
      const saved = await manager.save(report);
      await recordAudit(this.events, manager, {
        actorId: adminId,
        action: 'death_report.late_claim_accepted',
        subjectType: 'death_report',
        subjectId: report.id,
        memberId: report.userId,
        before: { windowOverride: false },
        after: { windowOverride: true, note: parsed.data },
      });
      await this.publish(manager, saved);
      return saved;
    });
  }

  /** Publishes the whole claim as `claim.updated`, in the caller's transaction. */
  async publish(manager: EntityManager, report: DeathReportEntity): Promise<void> {
    // One after the other: the transaction's one connection runs one query at a time.
    const lines = await this.lines(report.id, manager);
    const assessment = await this.eligibility.assess(report, manager);
    await this.events.publish(
      manager,
      'claim.updated',
      {
        reportId: report.id,
        userId: report.userId,
        covered: assessment.covered,
        windowOverride: report.windowOverride,
        lines: lines.map((line) => ({
          lineId: line.id,
          category: line.category,
          amount: line.amount,
          payee: line.payeeKind,
          documentId: line.documentId,
        })),
        total: lines.reduce((sum, line) => sum + line.amount, 0),
      },
      { subject: report.userId },
    );
  }

  /** The report locked; a member's other reports (and unknown ids) are not found. */
  private async lockFor(
    manager: EntityManager,
    actor: ClaimActor,
    reportId: string,
    notFound: string = CasesMessages.reportNotFound,
  ): Promise<DeathReportEntity> {
    const row = isUuid(reportId)
      ? await manager.findOne(DeathReportEntity, {
          where: { id: reportId },
          lock: { mode: 'pessimistic_write' },
        })
      : null;
    if (!row || (actor.role !== Role.ADMIN && row.userId !== actor.id))
      throw DomainError.notFound(notFound);
    return row;
  }

  private async assertOpen(manager: EntityManager, report: DeathReportEntity): Promise<void> {
    if (report.status !== ReviewStatus.APPROVED)
      throw DomainError.conflict(AssistanceMessages.reportNotApproved);
    if (!report.windowOverride && !(await this.insideWindow(manager, report)))
      throw DomainError.conflict(AssistanceMessages.outsideClaimWindow);
  }

  private async insideWindow(manager: EntityManager, report: DeathReportEntity): Promise<boolean> {
    const assessment = await this.eligibility.assess(report, manager);
    return assessment.rules.some((rule) => rule.rule === EligibilityRule.CLAIM_WINDOW && rule.met);
  }
}
