import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvents, type EventOf } from '@jibs/events';

export const MEMBER_LANGUAGES_GROUP = 'notifications.member-languages';

type LanguageEvent = EventOf<'user.registered' | 'user.language_changed'>;

/**
 * Learns each member's language from identity: the one given at sign-up (`user.registered`,
 * written only when no row is there, so a change that overtook it stays) and every change
 * (`user.language_changed`, in order: the later one wins).
 */
@Injectable()
export class MemberLanguagesConsumer {
  @OnEvents(['user.registered', 'user.language_changed'], {
    group: MEMBER_LANGUAGES_GROUP,
    batch: true,
  })
  async learn(events: LanguageEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'user.registered') {
        if (!event.data.language) continue;
        await manager.query(
          `INSERT INTO member_languages (user_id, language) VALUES ($1, $2)
           ON CONFLICT (user_id) DO NOTHING`,
          [event.data.userId, event.data.language],
        );
      } else {
        const { userId, language, showHijri } = event.data;
        await manager.query(
          `INSERT INTO member_languages (user_id, language, show_hijri) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE
             SET language = EXCLUDED.language, show_hijri = EXCLUDED.show_hijri, updated_at = now()`,
          [userId, language, showHijri],
        );
      }
    }
  }
}
