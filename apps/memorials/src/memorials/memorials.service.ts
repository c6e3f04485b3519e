import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { MemorialMessages, DomainError, memorialSchema, latestDateOnEarth } from '@jibs/domain';
import {
  MemorialAccess,
  fieldErrorsOf,
  isUuid,
  type AuthorizedMemorial,
} from '../access/memorial-access.service';
import { MemorialMemoryEntity } from '../memories/memorial-memory.entity';
import { MemorialPhotoEntity } from '../photos/memorial-photo.entity';
import { MemorialEntity } from './memorial.entity';
import type { MemorialInput } from './memorial.model';

export interface TimelineEntry {
  kind: 'BIRTH' | 'MEMORY' | 'DEATH';
  date: string;
  title: string;
  memoryId: string | null;
}

/** Memorial pages: create, edit, deactivate, list and read, each through the policy. */
@Injectable()
export class MemorialsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: MemorialAccess,
  ) {}

  list(caller: AuthUser | null): Promise<AuthorizedMemorial[]> {
    return this.access.listable(caller);
  }

  get(caller: AuthUser | null, id: string): Promise<AuthorizedMemorial> {
    return this.access.require(caller, id, 'view');
  }

  /** Creates the memorial; its creator is its first moderator. */
  async create(caller: AuthUser, input: MemorialInput): Promise<AuthorizedMemorial> {
    const parsed = memorialSchema(latestDateOnEarth()).safeParse(input);
    if (!parsed.success) throw fieldErrorsOf(parsed.error.issues);
    if (input.profilePhotoId) {
      throw DomainError.badInput({ profilePhotoId: MemorialMessages.profilePhotoInvalid });
    }
    const memorial = await this.dataSource.manager.save(
      this.dataSource.manager.create(MemorialEntity, {
        ...parsed.data,
        profilePhotoId: null,
        createdBy: caller.id,
        isActive: true,
      }),
    );
    return { memorial, relation: 'creator' };
  }

  /**
   * The creator or an editor replaces every field but the privacy level and the profile photo,
   * which change only when given; the profile image must be one of its own photos.
   */
  async update(caller: AuthUser, id: string, input: MemorialInput): Promise<AuthorizedMemorial> {
    const parsed = memorialSchema(latestDateOnEarth()).safeParse(input);
    return this.dataSource.transaction(async (manager) => {
      const { memorial, relation } = await this.access.require(caller, id, 'edit', {
        manager,
        lock: true,
      });
      if (!parsed.success) throw fieldErrorsOf(parsed.error.issues);
      // Omitted, the privacy level and the profile photo stay as they are; null clears the photo.
      const privacyLevel = input.privacyLevel ? parsed.data.privacyLevel : memorial.privacyLevel;
      const profilePhotoId =
        input.profilePhotoId === undefined ? memorial.profilePhotoId : input.profilePhotoId;
      if (profilePhotoId !== null && profilePhotoId !== memorial.profilePhotoId) {
        const photo = isUuid(profilePhotoId)
          ? await manager.findOneBy(MemorialPhotoEntity, { id: profilePhotoId, memorialId: id })
          : null;
        if (!photo) {
          throw DomainError.badInput({ profilePhotoId: MemorialMessages.profilePhotoInvalid });
        }
      }
      Object.assign(memorial, parsed.data, { privacyLevel, profilePhotoId });
      return { memorial: await manager.save(memorial), relation };
    });
  }

  /** Deactivated, never deleted: it is then found by nobody. */
  async deactivate(caller: AuthUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { memorial } = await this.access.require(caller, id, 'deactivate', {
        manager,
        lock: true,
      });
      memorial.isActive = false;
      await manager.save(memorial);
    });
  }

  /** Approved memories and photos per memorial, in two statements for any number of them. */
  async counts(ids: readonly string[]): Promise<Map<string, { memories: number; photos: number }>> {
    const result = new Map(ids.map((id) => [id, { memories: 0, photos: 0 }]));
    if (ids.length === 0) return result;
    const memories = (await this.dataSource.query(
      `SELECT memorial_id AS id, count(*)::int AS n FROM memorial_memories
        WHERE memorial_id = ANY($1) AND status = 'approved' GROUP BY memorial_id`,
      [ids],
    )) as { id: string; n: number }[];
    const photos = (await this.dataSource.query(
      `SELECT memorial_id AS id, count(*)::int AS n FROM memorial_photos
        WHERE memorial_id = ANY($1) GROUP BY memorial_id`,
      [ids],
    )) as { id: string; n: number }[];
    for (const row of memories) result.get(row.id)!.memories = row.n;
    for (const row of photos) result.get(row.id)!.photos = row.n;
    return result;
  }

  /** Birth, the approved memories that carry a date, and death, in date order. */
  async timeline(memorial: {
    id: string;
    birthDate: string | null;
    deathDate: string | null;
    birthLocation: string | null;
    deathLocation: string | null;
  }): Promise<TimelineEntry[]> {
    const memories = await this.dataSource.manager.find(MemorialMemoryEntity, {
      where: { memorialId: memorial.id, status: 'approved' },
      order: { memoryDate: 'ASC', createdAt: 'ASC' },
    });
    const entries: (TimelineEntry & { rank: number })[] = [];
    if (memorial.birthDate) {
      entries.push({
        kind: 'BIRTH',
        date: memorial.birthDate,
        title: memorial.birthLocation ? `Born in ${memorial.birthLocation}` : 'Born',
        memoryId: null,
        rank: 0,
      });
    }
    for (const memory of memories) {
      if (!memory.memoryDate) continue;
      entries.push({
        kind: 'MEMORY',
        date: memory.memoryDate,
        title: memory.title,
        memoryId: memory.id,
        rank: 1,
      });
    }
    if (memorial.deathDate) {
      entries.push({
        kind: 'DEATH',
        date: memorial.deathDate,
        title: memorial.deathLocation ? `Passed away in ${memorial.deathLocation}` : 'Passed away',
        memoryId: null,
        rank: 2,
      });
    }
    return entries
      .sort((a, b) => a.date.localeCompare(b.date) || a.rank - b.rank)
      .map(({ rank: _rank, ...entry }) => entry);
  }
}
