import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { DEFAULT_LANGUAGE, Role, VerificationMethod, type Language } from '@jibs/domain';

/**
 * A member's or admin's account and personal profile. Members give every personal field at
 * sign-up; the first admin, created from configuration, has none of them (hence nullable).
 */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('accounts_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16, default: Role.MEMBER })
  role!: Role;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /** E.164, +1XXXXXXXXXX. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ name: 'date_of_birth', type: 'date' })
  dateOfBirth!: string;

  @Column({ name: 'address_line1', type: 'varchar', length: 200, nullable: true })
  addressLine1!: string | null;

  @Column({ name: 'address_line2', type: 'varchar', length: 200, nullable: true })
  addressLine2!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  state!: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 10, nullable: true })
  zipCode!: string | null;

  @Column({ name: 'is_us_citizen', type: 'boolean', nullable: true })
  isUsCitizen!: boolean | null;

  /** The language of the member's clients, emails and texts (en, ar, ur). */
  @Column({ type: 'varchar', length: 2, default: DEFAULT_LANGUAGE })
  language!: Language;

  /** Dates show the Hijri (Umm al-Qura) date beside the Gregorian one, in clients and emails. */
  @Column({ name: 'show_hijri', type: 'boolean', default: false })
  showHijri!: boolean;

  /** Registration step 2: when, and how, the member proved they hold the email, phone or app. */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'verified_with', type: 'varchar', length: 8, nullable: true })
  verifiedWith!: VerificationMethod | null;

  /** Set while an authenticator app is confirmed; its secret lives in totp_credentials. */
  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt!: Date | null;

  /** When the phone number was proven by a code texted to it; cleared when the number changes. */
  @Column({ name: 'phone_verified_at', type: 'timestamptz', nullable: true })
  phoneVerifiedAt!: Date | null;

  /** Set while sign-in asks for a code texted to the verified phone (a second factor). */
  @Column({ name: 'sms_sign_in_enabled_at', type: 'timestamptz', nullable: true })
  smsSignInEnabledAt!: Date | null;

  /** When the email address was proven by a code sent to it; registration needs it. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** Access tokens issued before this time are refused (a password reset). */
  @Column({ name: 'sessions_not_before', type: 'timestamptz', nullable: true })
  sessionsNotBefore!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
