import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CONTACT_SUBJECT_LABELS,
  contactMessageSchema,
  DomainError,
  fieldErrorsOf,
  questionSchema,
  toE164,
} from '@jibs/domain';
import { OutgoingMessages } from '../outgoing/outgoing-messages';
import { SettingsService } from '../settings/settings.service';
import { ThrottleRules } from '../throttling/throttle-rules';
import { ThrottleService } from '../throttling/throttle.service';
import { ContactMessageEntity, ContactMessageKind } from './contact-message.entity';

// A header line: whatever a visitor typed must not start a new header.
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * The public contact and question forms: validated, throttled per client address, stored,
 * then emailed (plain text, reply-to the visitor) to the admin address from the settings.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly throttle: ThrottleService,
    private readonly outgoing: OutgoingMessages,
  ) {}

  async submitContactMessage(input: unknown, address: string): Promise<true> {
    const parsed = contactMessageSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const { name, email, phone, subject, message } = parsed.data;
    const stored = await this.store(address, {
      kind: ContactMessageKind.CONTACT,
      name,
      email,
      phone: phone ? toE164(phone) : null,
      subject,
      message,
    });
    const label = CONTACT_SUBJECT_LABELS[subject];
    await this.forward(stored, `Contact form: ${label}, from ${oneLine(name)}`, [
      'A message was sent through the JIBS contact form.',
      '',
      `Name: ${name}`,
      `Email: ${email}`,
      `Phone: ${stored.phone ?? 'not given'}`,
      `Subject: ${label}`,
      '',
      'Message:',
      message,
    ]);
    return true;
  }

  async submitQuestion(input: unknown, address: string): Promise<true> {
    const parsed = questionSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const { fullName, email, question } = parsed.data;
    const stored = await this.store(address, {
      kind: ContactMessageKind.QUESTION,
      name: fullName,
      email,
      phone: null,
      subject: null,
      message: question,
    });
    await this.forward(stored, `Question from the FAQ page, from ${oneLine(fullName)}`, [
      "A question was asked through the FAQ page's 'Have a Question?' form.",
      '',
      `Name: ${fullName}`,
      `Email: ${email}`,
      '',
      'Question:',
      question,
    ]);
    return true;
  }

  private async store(
    address: string,
    fields: Omit<ContactMessageEntity, 'id' | 'createdAt' | 'emailedAt'>,
  ): Promise<ContactMessageEntity> {
    await this.throttle.reserve({ rule: ThrottleRules.formsByAddress, key: address });
    const repository = this.dataSource.getRepository(ContactMessageEntity);
    return repository.save(repository.create(fields));
  }

  /** Stored first, so the visitor's message is not lost if mail is down; delivery is logged. */
  private async forward(stored: ContactMessageEntity, subject: string, lines: string[]) {
    const { adminEmail } = await this.settings.current();
    this.outgoing.emailInBackground(
      { to: adminEmail, replyTo: stored.email, subject, text: lines.join('\n') },
      `${stored.kind} form to the admin address`,
      () =>
        this.dataSource
          .getRepository(ContactMessageEntity)
          .update({ id: stored.id }, { emailedAt: new Date() }),
    );
  }
}
