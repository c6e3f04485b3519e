import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@jibs/domain';
import type { MessageClass } from '../preferences/delivery-decision';

/**
 * An email owed because of one event (a review for the member, an alert for the admins): written
 * in the event's transaction, sent after it commits; `sent_at` is set when the send is claimed
 * (the receipts' trade-off: a crash between claim and hand-over loses a mail, none is sent
 * twice). A member's address is read at send time, so the mail waits until it is known.
 */
@Entity({ name: 'outgoing_mail' })
@Index('outgoing_mail_event_kind_key', ['eventId', 'kind'], { unique: true })
@Index('outgoing_mail_pending_idx', ['eventId'], { where: 'sent_at IS NULL' })
export class OutgoingMailEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'event_id', type: 'varchar', length: 100 })
  eventId!: string;

  /** Whom it is for: 'member:{user id}' or 'address:{email}'; one mail per event and kind. */
  @Column({ type: 'varchar', length: 300 })
  kind!: string;

  /** For a member's mail: whose address to use. */
  @Column({ name: 'recipient_user_id', type: 'uuid', nullable: true })
  recipientUserId!: string | null;

  /** For the admins' mail: the settings' admin email when the event was handled. */
  @Column({ name: 'to_address', type: 'varchar', length: 254, nullable: true })
  toAddress!: string | null;

  /** The message's kind (a member can unsubscribe from it) or 'essential'. */
  @Column({ type: 'varchar', length: 32, default: 'essential' })
  category!: MessageClass;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  /** The language the mail is written in: its HTML's lang and dir, its footer's words. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language!: Language;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
