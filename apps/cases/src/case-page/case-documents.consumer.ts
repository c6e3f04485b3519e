import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventOf } from '@jibs/events';
import { CaseChecklistService } from './case-checklist.service';
import { CaseDocumentEntity } from './case-document.entity';

export const CASE_DOCUMENTS_GROUP = 'cases.case-documents';

type DocumentEvent = EventOf<'document.uploaded' | 'document.reviewed'>;

/**
 * Learns members' documents for their case pages; the first approved document of a type the
 * checklist names ticks that item on the member's cases.
 */
@Injectable()
export class CaseDocumentsConsumer {
  constructor(private readonly checklist: CaseChecklistService) {}

  @OnEvent(['document.uploaded', 'document.reviewed'], { group: CASE_DOCUMENTS_GROUP })
  async learn(event: DocumentEvent, manager: EntityManager): Promise<void> {
    const at = new Date(event.time);
    const { documentId, userId, documentType, fileName, status } = event.data;
    const existing = await manager.findOne(CaseDocumentEntity, {
      where: { documentId },
      lock: { mode: 'pessimistic_write' },
    });
    // A review delivered before its upload still counts; an older event never wins.
    if (existing && existing.statusAt > at) return;
    const approvedBefore = await manager.existsBy(CaseDocumentEntity, {
      userId,
      documentType,
      status: 'approved',
    });
    await manager.save(CaseDocumentEntity, {
      documentId,
      userId,
      documentType,
      fileName: fileName.slice(0, 255),
      status,
      uploadedAt: existing?.uploadedAt ?? at,
      statusAt: at,
    });
    if (status === 'approved' && !approvedBefore) {
      await this.checklist.firstDocumentApproved(manager, userId, documentType, at);
    }
  }
}
