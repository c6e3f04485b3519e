import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { AssistanceSettingsService } from './assistance-settings.service';
import { HouseholdPersonEntity } from './household-person.entity';
import { MemberDocumentEntity } from './member-document.entity';
import { MemberPaymentEntity } from './member-payment.entity';
import { MembershipStatusChangeEntity } from './membership-status-change.entity';

export const ASSISTANCE_SETTINGS_GROUP = 'cases.assistance-settings';
/** One group for billing's facts, so a member's events apply in their order. */
export const ASSISTANCE_BILLING_GROUP = 'cases.assistance-billing';
export const ASSISTANCE_DOCUMENTS_GROUP = 'cases.assistance-documents';

const BILLING_TOPICS = [
  'membership.registration_paid',
  'household.member_added',
  'household.member_removed',
  'membership.status_changed',
  'payment.completed',
] as const;
const DOCUMENT_TOPICS = ['document.uploaded', 'document.reviewed'] as const;

/**
 * The facts the eligibility assessment and the claim rest on, kept from other services' events:
 * the household, the membership's status history, payments, documents and the settings. Each
 * handler is one upsert keyed by the fact's own id, so a redelivered event changes nothing.
 */
@Injectable()
export class AssistanceFactsConsumer {
  constructor(private readonly settings: AssistanceSettingsService) {}

  @OnEvent('settings.updated', { group: ASSISTANCE_SETTINGS_GROUP })
  async settingsUpdated(event: EventOf<'settings.updated'>, manager: EntityManager): Promise<void> {
    await this.settings.apply(manager, event.data.settings, new Date(event.time));
  }

  @OnEvent(BILLING_TOPICS, { group: ASSISTANCE_BILLING_GROUP })
  async billingFact(
    event: EventOf<(typeof BILLING_TOPICS)[number]>,
    manager: EntityManager,
  ): Promise<void> {
    switch (event.type) {
      case 'membership.registration_paid':
        return this.registrationPaid(event as EventOf<'membership.registration_paid'>, manager);
      case 'household.member_added':
        return this.memberAdded(event as EventOf<'household.member_added'>, manager);
      case 'household.member_removed':
        return this.memberRemoved(event as EventOf<'household.member_removed'>, manager);
      case 'membership.status_changed':
        return this.statusChanged(event as EventOf<'membership.status_changed'>, manager);
      case 'payment.completed':
        return this.paymentCompleted(event as EventOf<'payment.completed'>, manager);
    }
  }

  @OnEvent(DOCUMENT_TOPICS, { group: ASSISTANCE_DOCUMENTS_GROUP })
  async documentFact(
    event: EventOf<(typeof DOCUMENT_TOPICS)[number]>,
    manager: EntityManager,
  ): Promise<void> {
    if (event.type === 'document.uploaded')
      return this.documentUploaded(event as EventOf<'document.uploaded'>, manager);
    return this.documentReviewed(event as EventOf<'document.reviewed'>, manager);
  }

  private async registrationPaid(
    event: EventOf<'membership.registration_paid'>,
    manager: EntityManager,
  ): Promise<void> {
    const addedAt = new Date(event.time);
    for (const person of event.data.household ?? []) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(HouseholdPersonEntity)
        .values({
          memberId: person.memberId,
          userId: event.data.userId,
          relationship: person.relationship,
          firstName: person.firstName,
          dateOfBirth: person.dateOfBirth ?? null,
          addedAt,
          removedAt: null,
        })
        .orIgnore()
        .execute();
    }
  }

  private async memberAdded(
    event: EventOf<'household.member_added'>,
    manager: EntityManager,
  ): Promise<void> {
    const { data } = event;
    await manager
      .createQueryBuilder()
      .insert()
      .into(HouseholdPersonEntity)
      .values({
        memberId: data.memberId,
        userId: data.userId,
        relationship: data.relationship,
        firstName: data.firstName,
        dateOfBirth: data.dateOfBirth ?? null,
        addedAt: new Date(event.time),
        removedAt: null,
      })
      .orIgnore()
      .execute();
  }

  private async memberRemoved(
    event: EventOf<'household.member_removed'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.update(
      HouseholdPersonEntity,
      { memberId: event.data.memberId, userId: event.data.userId },
      { removedAt: new Date(event.time) },
    );
  }

  private async statusChanged(
    event: EventOf<'membership.status_changed'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MembershipStatusChangeEntity)
      .values({
        eventId: event.id,
        userId: event.data.userId,
        toStatus: event.data.to,
        changedAt: new Date(event.time),
      })
      .orIgnore()
      .execute();
  }

  private async paymentCompleted(
    event: EventOf<'payment.completed'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MemberPaymentEntity)
      .values({
        paymentId: event.data.paymentId,
        userId: event.data.userId,
        type: event.data.type,
        paidAt: new Date(event.time),
      })
      .orIgnore()
      .execute();
  }

  private async documentUploaded(
    event: EventOf<'document.uploaded'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MemberDocumentEntity)
      .values({
        documentId: event.data.documentId,
        userId: event.data.userId,
        documentType: event.data.documentType,
        status: event.data.status,
      })
      .orIgnore()
      .execute();
  }

  private async documentReviewed(
    event: EventOf<'document.reviewed'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MemberDocumentEntity)
      .values({
        documentId: event.data.documentId,
        userId: event.data.userId,
        documentType: event.data.documentType,
        status: event.data.status,
      })
      .orUpdate(['status'], ['document_id'])
      .execute();
  }
}
