import { Inject, Injectable } from '@nestjs/common';
import type { S3Client } from '@aws-sdk/client-s3';
import { Brackets, DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import {
  DOCUMENT_TYPES,
  DocumentMessages,
  DomainError,
  ReviewStatus,
  Role,
  UploadRejection,
  adminNotesSchema,
  contentTypeOfExtension,
  fileExtension,
  MAX_FILE_NAME_LENGTH,
  type UploadRules,
  isUuid,
} from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { BAD_TEXT_MESSAGE, hasBadText, NamedMemberEntity, recordAudit } from '@jibs/subgraph';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  UploadError,
  confirmAndRecordUpload,
  createUploadSlot,
  downloadUrl,
  type UploadRateLimiter,
  type UploadSlot,
} from '@jibs/storage';
import { UploadSettingsService } from '../settings/upload-settings.service';
import { DocumentEntity } from './document.entity';
import type {
  ConfirmDocumentUploadInput,
  StartDocumentUploadInput,
} from './dto/document-upload.input';
import { ReviewDecision } from './review-enums';

export const S3_CLIENT = Symbol('S3_CLIENT');
/** Signs the URLs browsers use, for the endpoint they reach (S3_PUBLIC_ENDPOINT). */
export const PRESIGNING_CLIENT = Symbol('PRESIGNING_CLIENT');
export const UPLOAD_RATE_LIMITER = Symbol('UPLOAD_RATE_LIMITER');
export const DOCUMENTS_BUCKET = Symbol('DOCUMENTS_BUCKET');

export const MAX_PAGE_SIZE = 200;
export const DocumentServiceMessages = {
  deathReportInvalid: 'Please choose a valid death report',
  pageInvalid: `limit must be between 1 and ${MAX_PAGE_SIZE} and offset at least 0`,
} as const;

export interface DocumentFilter {
  search?: string | null;
  status?: ReviewStatus | null;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

@Injectable()
export class DocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: UploadSettingsService,
    private readonly publisher: EventPublisher,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(PRESIGNING_CLIENT) private readonly presigner: S3Client,
    @Inject(DOCUMENTS_BUCKET) private readonly bucket: string,
    @Inject(UPLOAD_RATE_LIMITER) private readonly rateLimiter: UploadRateLimiter,
  ) {}

  /**
   * Checks the declared file against the settings and hands out a presigned PUT under the
   * member's incoming prefix (rate limited per member). Nothing is stored yet.
   */
  async startUpload(userId: string, input: StartDocumentUploadInput): Promise<UploadSlot> {
    assertDocumentType(input.documentType);
    const rules = await this.settings.rules();
    return createUploadSlot(this.presigner, this.rateLimiter, {
      bucket: this.bucket,
      ownerId: userId,
      memberId: userId,
      fileName: input.fileName,
      declaredType: input.fileType,
      declaredSize: input.fileSize,
      maxBytes: rules.maxBytes,
      allowed: rules.allowed,
    });
  }

  /**
   * Confirms the upload the one way `@jibs/storage` does (checked by content, stored under a
   * fresh key, confirmed once) and records it, publishing `document.uploaded` in the same
   * transaction. Every refusal leaves nothing behind; a key outside the caller's prefix is
   * refused without touching it.
   */
  async confirmUpload(userId: string, input: ConfirmDocumentUploadInput): Promise<DocumentEntity> {
    const rules = await this.settings.rules();
    let fileName = input.fileName;
    return confirmAndRecordUpload(this.s3, this.dataSource, {
      bucket: this.bucket,
      key: input.key,
      ownerId: userId,
      maxBytes: rules.maxBytes,
      allowed: rules.allowed,
      checkInput: () => {
        fileName = checkFileName(input.fileName, rules);
        assertDocumentType(input.documentType);
        if (input.deathReportId != null && !isUuid(input.deathReportId)) {
          throw DomainError.badInput({ deathReportId: DocumentServiceMessages.deathReportInvalid });
        }
        // The name must say what was declared at start (the key's extension): a PNG named .pdf
        // is refused before its content is even read.
        if (
          contentTypeOfExtension(fileExtension(fileName) ?? '') !==
          contentTypeOfExtension(fileExtension(input.key) ?? '')
        ) {
          throw UploadError.of(UploadRejection.TypeNotAllowed, rules);
        }
      },
      record: async (manager, confirmed) => {
        const document = await manager.save(
          manager.create(DocumentEntity, {
            userId,
            fileName,
            filePath: confirmed.key,
            fileSize: confirmed.size,
            fileType: confirmed.mime,
            documentType: input.documentType,
            status: rules.autoApproval ? ReviewStatus.APPROVED : ReviewStatus.PENDING,
            adminNotes: null,
            reviewedBy: null,
            reviewedAt: null,
            deathReportId: input.deathReportId ?? null,
          }),
        );
        await this.publisher.publish(
          manager,
          'document.uploaded',
          {
            documentId: document.id,
            userId,
            documentType: document.documentType,
            fileName: document.fileName,
            fileSize: document.fileSize,
            status: document.status === ReviewStatus.APPROVED ? 'approved' : 'pending',
          },
          { subject: userId },
        );
        return document;
      },
    });
  }

  /** A short-lived download link for the owner or an admin; anyone else is told it is not found. */
  async downloadLink(
    viewer: AuthUser,
    id: string,
  ): Promise<{ url: string; fileName: string; expiresAt: Date }> {
    const document = isUuid(id)
      ? await this.dataSource.manager.findOneBy(DocumentEntity, { id })
      : null;
    if (!document || (document.userId !== viewer.id && viewer.role !== Role.ADMIN)) {
      throw DomainError.notFound();
    }
    if (document.userId !== viewer.id) {
      // An admin reading a member's document is an admin action: audited before the link exists.
      await this.dataSource.transaction((manager) =>
        recordAudit(this.publisher, manager, {
          actorId: viewer.id,
          action: 'document.downloaded',
          subjectType: 'document',
          subjectId: document.id,
          memberId: document.userId,
          after: { fileName: document.fileName, documentType: document.documentType },
        }),
      );
    }
    const url = await downloadUrl(this.presigner, {
      bucket: this.bucket,
      key: document.filePath,
      fileName: document.fileName,
      expiresIn: DOWNLOAD_URL_TTL_SECONDS,
    });
    return {
      url,
      fileName: document.fileName,
      expiresAt: new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000),
    };
  }

  /** An admin's decision, at any status: recorded with the reviewer, audited and published. */
  async review(
    adminId: string,
    id: string,
    decision: ReviewDecision,
    adminNotes: string | null | undefined,
  ): Promise<DocumentEntity> {
    const notes = adminNotesSchema.safeParse(adminNotes ?? '');
    if (!notes.success) {
      throw DomainError.badInput({ adminNotes: notes.error.issues[0]!.message });
    }
    if (!isUuid(id)) throw DomainError.notFound();
    return this.dataSource.transaction(async (manager) => {
      const document = await manager.findOne(DocumentEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!document) throw DomainError.notFound();
      const before = snapshot(document);
      document.status =
        decision === ReviewDecision.APPROVED ? ReviewStatus.APPROVED : ReviewStatus.REJECTED;
      document.adminNotes = notes.data || null;
      document.reviewedBy = adminId;
      document.reviewedAt = new Date();
      await manager.save(document);
      await this.audit(manager, adminId, document, before);
      await this.publisher.publish(
        manager,
        'document.reviewed',
        {
          documentId: document.id,
          userId: document.userId,
          documentType: document.documentType,
          fileName: document.fileName,
          status: decision,
          adminNotes: document.adminNotes ?? '',
          reviewedBy: adminId,
        },
        { subject: document.userId },
      );
      return document;
    });
  }

  /** The member's documents, newest first. */
  mine(userId: string): Promise<DocumentEntity[]> {
    return this.dataSource.manager.find(DocumentEntity, {
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** Every member's documents for the admin list, newest first. */
  async list(filter: DocumentFilter): Promise<DocumentEntity[]> {
    if (
      !Number.isInteger(filter.limit) ||
      filter.limit < 1 ||
      filter.limit > MAX_PAGE_SIZE ||
      !Number.isInteger(filter.offset) ||
      filter.offset < 0
    ) {
      throw DomainError.badInput({ limit: DocumentServiceMessages.pageInvalid });
    }
    const query = this.dataSource.manager
      .createQueryBuilder(DocumentEntity, 'document')
      .orderBy('document.createdAt', 'DESC')
      .addOrderBy('document.id', 'DESC')
      // limit/offset, not take/skip: the member join is one row per document, one SQL query.
      .limit(filter.limit)
      .offset(filter.offset);
    const search = filter.search?.trim();
    if (search) {
      // One query: file name, type, and the member's full name from the members read model.
      query
        .leftJoin(NamedMemberEntity, 'member', 'member.userId = document.userId')
        .andWhere(
          new Brackets((where) =>
            where
              .where('document.fileName ILIKE :pattern')
              .orWhere('document.documentType ILIKE :pattern')
              .orWhere(`concat_ws(' ', member.firstName, member.lastName) ILIKE :pattern`),
          ),
          { pattern: likePattern(search) },
        );
    }
    if (filter.status) query.andWhere('document.status = :status', { status: filter.status });
    return query.getMany();
  }

  async stats(): Promise<{ total: number; pending: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = $1)::int AS pending FROM documents`,
      [ReviewStatus.PENDING],
    )) as { total: number; pending: number }[];
    return { total: row!.total, pending: row!.pending };
  }

  private async audit(
    manager: EntityManager,
    actor: string,
    document: DocumentEntity,
    before: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(this.publisher, manager, {
      actorId: actor,
      action: `document.${document.status}`,
      subjectType: 'document',
      subjectId: document.id,
      memberId: document.userId,
      before,
      after: snapshot(document),
    });
  }
}

function snapshot(document: DocumentEntity): Record<string, unknown> {
  return {
    status: document.status,
    adminNotes: document.adminNotes,
    reviewedBy: document.reviewedBy,
    reviewedAt: document.reviewedAt?.toISOString() ?? null,
  };
}

function assertDocumentType(documentType: string): void {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw DomainError.badInput({ documentType: DocumentMessages.documentTypeRequired });
  }
}

function checkFileName(fileName: string, rules: UploadRules): string {
  const name = fileName.trim();
  // A string literal's `\u0000` escape passes the request checks before parsing: the name is
  // checked here too, so the refusal deletes the upload like every other.
  if (hasBadText(name)) throw DomainError.badInput({ fileName: BAD_TEXT_MESSAGE });
  if (!name) throw UploadError.of(UploadRejection.FileNameMissing, rules);
  if (name.length > MAX_FILE_NAME_LENGTH)
    throw UploadError.of(UploadRejection.FileNameTooLong, rules);
  return name;
}
