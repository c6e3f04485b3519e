import { Inject, Injectable } from '@nestjs/common';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DataSource, In } from 'typeorm';
import { isUniqueViolation } from '@jibs/database';
import type { AuthUser } from '@jibs/auth';
import {
  DomainError,
  MEMORIAL_PHOTO_RULES,
  MemorialMessages,
  UploadRejection,
  photoCaptionSchema,
} from '@jibs/domain';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  UploadError,
  confirmUpload,
  createUploadSlot,
  deleteObject,
  parseIncomingKey,
  type UploadSlot,
} from '@jibs/storage';
import { MemorialAccess, isUuid, memorialNotFound } from '../access/memorial-access.service';
import { MemorialEntity } from '../memorials/memorial.entity';
import { MemorialPhotoEntity } from './memorial-photo.entity';

export const S3_CLIENT = Symbol('S3_CLIENT');
/** Signs the URLs browsers use, for the endpoint they reach (S3_PUBLIC_ENDPOINT when set). */
export const PRESIGNING_CLIENT = Symbol('PRESIGNING_CLIENT');
export const S3_BUCKET_MEMORIALS = Symbol('S3_BUCKET_MEMORIALS');

export interface PhotoLink {
  url: string;
  expiresAt: Date;
}

/**
 * Memorial photos through the shared upload path (libs/storage): presigned PUT under the
 * memorial's incoming prefix, confirmed by size and magic bytes (JPEG, PNG), served through
 * short-lived presigned GETs to those who may see the memorial.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MemorialAccess,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(PRESIGNING_CLIENT) private readonly presigner: S3Client,
    @Inject(S3_BUCKET_MEMORIALS) private readonly bucket: string,
  ) {}

  /** Editors of the memorial only; nothing is stored yet. Keys live under the memorial's id. */
  async startUpload(
    caller: AuthUser,
    input: { memorialId: string; fileName: string; fileType: string; fileSize: number },
  ): Promise<UploadSlot> {
    const { memorial } = await this.access.require(caller, input.memorialId, 'edit');
    return createUploadSlot(this.presigner, {
      bucket: this.bucket,
      ownerId: memorial.id,
      fileName: input.fileName,
      declaredType: input.fileType,
      declaredSize: input.fileSize,
      ...MEMORIAL_PHOTO_RULES,
    });
  }

  /**
   * Checks the uploaded object by its content and records it last in the display order. A
   * refused file is deleted and no row is written; a key of another memorial is refused
   * without touching it.
   */
  async confirmUpload(
    caller: AuthUser,
    input: { memorialId: string; key: string; caption?: string | null },
  ): Promise<MemorialPhotoEntity> {
    const { memorial } = await this.access.require(caller, input.memorialId, 'edit');
    const parsed = parseIncomingKey(input.key, memorial.id);
    if (!parsed.ok) {
      throw UploadError.of(
        parsed.owned ? UploadRejection.NotFound : UploadRejection.NotOwned,
        MEMORIAL_PHOTO_RULES,
      );
    }
    const caption = photoCaptionSchema.safeParse(input.caption);
    if (!caption.success) {
      await deleteObject(this.s3, { bucket: this.bucket, key: input.key });
      throw DomainError.badInput({ caption: MemorialMessages.captionTooLong });
    }
    const confirmed = await confirmUpload(this.s3, {
      bucket: this.bucket,
      key: input.key,
      ownerId: memorial.id,
      ...MEMORIAL_PHOTO_RULES,
    });
    try {
      return await this.dataSource.transaction(async (manager) => {
        // Locks the memorial so two confirms at once get distinct places in the order.
        await this.access.require(caller, memorial.id, 'edit', { manager, lock: true });
        const [{ next }] = (await manager.query(
          'SELECT coalesce(max(display_order), -1)::int + 1 AS next FROM memorial_photos WHERE memorial_id = $1',
          [memorial.id],
        )) as [{ next: number }];
        return manager.save(
          manager.create(MemorialPhotoEntity, {
            memorialId: memorial.id,
            filePath: confirmed.key,
            caption: caption.data,
            displayOrder: next,
            contentType: confirmed.mime,
            size: confirmed.size,
            uploadedBy: caller.id,
          }),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw UploadError.of(UploadRejection.NotFound, MEMORIAL_PHOTO_RULES);
      await deleteObject(this.s3, { bucket: this.bucket, key: confirmed.key });
      throw error;
    }
  }

  /** The memorial's photos in a new order: exactly its photos, each once. */
  async reorder(
    caller: AuthUser,
    memorialId: string,
    photoIds: readonly string[],
  ): Promise<MemorialPhotoEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await this.access.require(caller, memorialId, 'edit', { manager, lock: true });
      const photos = await manager.findBy(MemorialPhotoEntity, { memorialId });
      const byId = new Map(photos.map((photo) => [photo.id, photo]));
      const unique = new Set(photoIds);
      if (
        unique.size !== photoIds.length ||
        photoIds.length !== photos.length ||
        photoIds.some((id) => !byId.has(id))
      ) {
        throw DomainError.badInput({ photoIds: MemorialMessages.photoOrderInvalid });
      }
      const ordered = photoIds.map((id, index) =>
        Object.assign(byId.get(id)!, { displayOrder: index }),
      );
      await manager.save(ordered);
      return ordered;
    });
  }

  /** The memorial's photos in display order (the caller was authorized to see it). */
  list(memorialId: string): Promise<MemorialPhotoEntity[]> {
    return this.dataSource.manager.find(MemorialPhotoEntity, {
      where: { memorialId },
      order: { displayOrder: 'ASC', createdAt: 'ASC' },
    });
  }

  /** A photo's presigned GET for whoever may see its memorial; anyone else: not found. */
  async link(caller: AuthUser | null, photoId: string): Promise<PhotoLink> {
    const photo = isUuid(photoId)
      ? await this.dataSource.manager.findOneBy(MemorialPhotoEntity, { id: photoId })
      : null;
    if (!photo) throw memorialNotFound();
    await this.access.require(caller, photo.memorialId, 'photoUrl');
    return this.presign(photo.filePath);
  }

  /** The profile image of a memorial the caller was authorized to see, if it has one. */
  async profileImage(memorial: MemorialEntity | { id: string; profilePhotoId: string | null }) {
    return (await this.profileImages([memorial])).get(memorial.id) ?? null;
  }

  /**
   * The profile images of several memorials the caller was authorized to see, with one query
   * (a list of memorials asks for all of them at once).
   */
  async profileImages(
    memorials: readonly { id: string; profilePhotoId: string | null }[],
  ): Promise<Map<string, PhotoLink>> {
    const wanted = memorials.filter((memorial) => memorial.profilePhotoId);
    if (wanted.length === 0) return new Map();
    const photos = await this.dataSource.manager.findBy(MemorialPhotoEntity, {
      id: In(wanted.map((memorial) => memorial.profilePhotoId!)),
    });
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    const links = new Map<string, PhotoLink>();
    for (const memorial of wanted) {
      const photo = byId.get(memorial.profilePhotoId!);
      // A profile photo counts only as one of the memorial's own photos.
      if (photo?.memorialId === memorial.id)
        links.set(memorial.id, await this.presign(photo.filePath));
    }
    return links;
  }

  async presign(key: string): Promise<PhotoLink> {
    const url = await getSignedUrl(
      this.presigner,
      new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      {
        expiresIn: DOWNLOAD_URL_TTL_SECONDS,
      },
    );
    return { url, expiresAt: new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000) };
  }
}
