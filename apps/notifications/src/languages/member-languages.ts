import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { DEFAULT_LANGUAGE, type Language } from '@jibs/domain';
import { MemberLanguageEntity } from './member-language.entity';

/** What a member's messages are written in: their language, and the Hijri date beside or not. */
export interface MemberLanguage {
  language: Language;
  showHijri: boolean;
}

/** A member not known yet, and the admins' address (no member to choose): English. */
export const ENGLISH: MemberLanguage = { language: DEFAULT_LANGUAGE, showHijri: false };

/** The languages of a batch's members, read with one query. */
@Injectable()
export class MemberLanguages {
  async of(
    manager: EntityManager,
    userIds: readonly string[],
  ): Promise<{ get(userId: string): MemberLanguage }> {
    const rows = userIds.length
      ? await manager
          .getRepository(MemberLanguageEntity)
          .find({ where: { userId: In([...new Set(userIds)]) } })
      : [];
    const byId = new Map<string, MemberLanguage>(
      rows.map((row) => [row.userId, { language: row.language, showHijri: row.showHijri }]),
    );
    return { get: (userId) => byId.get(userId) ?? ENGLISH };
  }
}
