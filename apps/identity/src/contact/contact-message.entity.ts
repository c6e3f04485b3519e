import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ContactSubject } from '@jibs/domain';

export enum ContactMessageKind {
  /** The contact page's form. */
  CONTACT = 'contact',
  /** The FAQ's 'Have a Question?' form. */
  QUESTION = 'question',
}

/** A message from the public forms, kept even if emailing it to the admin address fails. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: ContactMessageKind;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** E.164, when given. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  /** Contact form only. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  subject!: ContactSubject | null;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** When it reached the admin address; null while not (yet) delivered. */
  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true })
  emailedAt!: Date | null;
}
