import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, Roles, type AuthUser, RegisteredMember } from '@jibs/auth';
import { Role } from '@jibs/domain';
import { DocumentModel } from './document.model';
import { DocumentsService } from './documents.service';
import { ConfirmDocumentUploadInput, StartDocumentUploadInput } from './dto/document-upload.input';
import { ReviewDecision, ReviewStatus } from './review-enums';
import { UploadSettingsService } from '../settings/upload-settings.service';
import {
  DocumentStatsModel,
  DocumentUploadSlotModel,
  DownloadLinkModel,
  UploadLimitsModel,
} from './upload.models';

@Resolver(() => DocumentModel)
export class DocumentsResolver {
  constructor(
    private readonly service: DocumentsService,
    private readonly settings: UploadSettingsService,
  ) {}

  @RegisteredMember()
  @Query(() => [DocumentModel], { description: "The signed-in member's documents, newest first." })
  async myDocuments(@CurrentUser() user: AuthUser): Promise<DocumentModel[]> {
    return (await this.service.mine(user.id)).map((row) => DocumentModel.from(row));
  }

  @RegisteredMember()
  @Query(() => UploadLimitsModel, { description: "The settings' maximum size and file types." })
  async uploadLimits(): Promise<UploadLimitsModel> {
    const rules = await this.settings.rules();
    return { maxFileSizeBytes: rules.maxBytes, allowedFileTypes: [...rules.allowed] };
  }

  @Roles(Role.ADMIN)
  @Query(() => [DocumentModel], {
    description: 'Every document, newest first; search by file name or document type.',
  })
  async documents(
    @Args('search', { type: () => String, nullable: true }) search?: string | null,
    @Args('status', { type: () => ReviewStatus, nullable: true }) status?: ReviewStatus | null,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit?: number | null,
    @Args('offset', { type: () => Int, nullable: true, defaultValue: 0 }) offset?: number | null,
  ): Promise<DocumentModel[]> {
    const page = { limit: limit ?? 50, offset: offset ?? 0 };
    return (await this.service.list({ search, status, ...page })).map((row) =>
      DocumentModel.from(row),
    );
  }

  @Roles(Role.ADMIN)
  @Query(() => DocumentStatsModel)
  documentStats(): Promise<DocumentStatsModel> {
    return this.service.stats();
  }

  @RegisteredMember()
  @Mutation(() => DocumentUploadSlotModel, {
    description:
      'Checks the declared file and returns a presigned PUT (rate limited: 10 per 60 s per member).',
  })
  async startDocumentUpload(
    @CurrentUser() user: AuthUser,
    @Args('input') input: StartDocumentUploadInput,
  ): Promise<DocumentUploadSlotModel> {
    const slot = await this.service.startUpload(user.id, input);
    return {
      key: slot.key,
      url: slot.url,
      method: slot.method,
      headers: Object.entries(slot.headers).map(([name, value]) => ({ name, value })),
      expiresAt: slot.expiresAt,
    };
  }

  @RegisteredMember()
  @Mutation(() => DocumentModel, {
    description: 'Verifies the uploaded file by its content and records it.',
  })
  async confirmDocumentUpload(
    @CurrentUser() user: AuthUser,
    @Args('input') input: ConfirmDocumentUploadInput,
  ): Promise<DocumentModel> {
    return DocumentModel.from(await this.service.confirmUpload(user.id, input));
  }

  @RegisteredMember()
  @Mutation(() => DownloadLinkModel, {
    description: 'The owner or an admin: a presigned GET that saves the file under its name.',
  })
  documentDownloadUrl(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DownloadLinkModel> {
    return this.service.downloadLink(user, id);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => DocumentModel, { description: 'Approve or reject a document, at any status.' })
  async reviewDocument(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('decision', { type: () => ReviewDecision }) decision: ReviewDecision,
    @Args('adminNotes', { type: () => String, nullable: true }) adminNotes?: string | null,
  ): Promise<DocumentModel> {
    return DocumentModel.from(await this.service.review(user.id, id, decision, adminNotes));
  }
}
