import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  checkPreferenceChanges,
  DEFAULT_CHANNELS,
  DomainError,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type PreferenceChangeInput,
} from '@jibs/domain';
import type { NotificationsConfig } from '../notifications.config';
import { NOTIFICATIONS_CONFIG } from '../notifications.tokens';
import { NotificationPreferenceEntity } from './notification-preference.entity';
import { VerifiedPhoneEntity } from './verified-phone.entity';

export interface KindPreference {
  kind: NotificationKind;
  label: string;
  bell: true;
  email: boolean;
  sms: boolean;
}

export interface MemberPreferences {
  phoneVerified: boolean;
  smsAvailable: boolean;
  kinds: KindPreference[];
}

/** The member's own choices of how they are told: read, changed, and one-click unsubscribes. */
@Injectable()
export class NotificationPreferencesService {
  private readonly smsAvailable: boolean;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
  ) {
    this.smsAvailable = config.SMS_TRANSPORT !== 'none';
  }

  async forMember(userId: string): Promise<MemberPreferences> {
    const [rows, phone] = await Promise.all([
      this.dataSource.getRepository(NotificationPreferenceEntity).find({ where: { userId } }),
      this.dataSource.getRepository(VerifiedPhoneEntity).exists({ where: { userId } }),
    ]);
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    const textable = phone && this.smsAvailable;
    return {
      phoneVerified: phone,
      smsAvailable: this.smsAvailable,
      kinds: NOTIFICATION_KINDS.map((kind) => {
        const row = byKind.get(kind);
        return {
          kind,
          label: NOTIFICATION_KIND_LABELS[kind],
          bell: true,
          email: row?.email ?? DEFAULT_CHANNELS.email,
          // A choice of SMS waits while no phone is verified: it is not used then.
          sms: (row?.sms ?? DEFAULT_CHANNELS.sms) && textable,
        };
      }),
    };
  }

  /** All the changes or none: the first refused one is a bad-input error. */
  async change(
    userId: string,
    inputs: readonly PreferenceChangeInput[],
  ): Promise<MemberPreferences> {
    await this.dataSource.transaction(async (manager) => {
      const phoneVerified = await manager
        .getRepository(VerifiedPhoneEntity)
        .exists({ where: { userId } });
      const checked = checkPreferenceChanges(inputs, {
        phoneVerified,
        smsAvailable: this.smsAvailable,
      });
      if (!checked.ok) throw DomainError.badInput({ [checked.field]: checked.message });
      for (const { kind, channel, enabled } of checked.changes) {
        await manager.query(
          `INSERT INTO notification_preferences (user_id, kind, email, sms)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, kind) DO UPDATE SET ${channel} = EXCLUDED.${channel}, updated_at = now()`,
          [
            userId,
            kind,
            channel === 'email' ? enabled : DEFAULT_CHANNELS.email,
            channel === 'sms' ? enabled : DEFAULT_CHANNELS.sms,
          ],
        );
      }
    });
    return this.forMember(userId);
  }

  /** A one-click unsubscribe: email off for that kind (idempotent). */
  async unsubscribe(userId: string, kind: NotificationKind): Promise<void> {
    await this.change(userId, [{ kind, channel: 'email', enabled: false }]);
  }
}
