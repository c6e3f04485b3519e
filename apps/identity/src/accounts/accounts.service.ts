import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { enqueue } from '@jibs/events';
import {
  DomainError,
  fieldErrorsOf,
  Messages,
  Role,
  signUpSchema,
  toE164,
  type SignUpFields,
} from '@jibs/domain';
import { currentRequestId } from '@jibs/observability';
import { AccountEntity } from './account.entity';
import { hashPassword, verifyPassword } from './password-hasher';

export const EVENT_SOURCE = 'jibs/identity';

@Injectable()
export class AccountsService {
  constructor(private readonly dataSource: DataSource) {}

  private get accounts() {
    return this.dataSource.getRepository(AccountEntity);
  }

  /** Validates, creates the account and publishes `user.registered` in one transaction. */
  async signUp(input: Partial<SignUpFields>): Promise<AccountEntity> {
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) throw DomainError.badInput(fieldErrorsOf(parsed.error));
    const data = parsed.data;
    if (await this.accounts.exists({ where: { email: data.email } })) {
      throw DomainError.badInput({ email: Messages.emailTaken });
    }
    const passwordHash = await hashPassword(data.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const account = await manager.save(
          manager.create(AccountEntity, {
            email: data.email,
            passwordHash,
            role: Role.MEMBER,
            firstName: data.firstName,
            lastName: data.lastName,
            phone: toE164(data.phone),
            dateOfBirth: data.dateOfBirth,
            addressLine1: data.addressLine1,
            addressLine2: data.addressLine2 || null,
            city: data.city,
            state: data.state,
            zipCode: data.zipCode,
            isUsCitizen: data.isUsCitizen,
          }),
        );
        await enqueue(
          manager,
          'user.registered',
          {
            userId: account.id,
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            role: account.role,
          },
          { source: EVENT_SOURCE, subject: account.id, requestId: currentRequestId() },
        );
        return account;
      });
    } catch (error) {
      // Two sign-ups with one email at the same moment: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw DomainError.badInput({ email: Messages.emailTaken });
      throw error;
    }
  }

  /** The account for these credentials, or an error that does not say which part was wrong. */
  async authenticate(email: string, password: string): Promise<AccountEntity> {
    const account = await this.accounts.findOne({ where: { email: email.trim().toLowerCase() } });
    const valid = await verifyPassword(account?.passwordHash, password);
    if (!account || !valid) throw DomainError.unauthenticated('Invalid login credentials');
    return account;
  }

  async byId(id: string): Promise<AccountEntity | null> {
    return this.accounts.findOne({ where: { id } });
  }

  async byIds(ids: readonly string[]): Promise<AccountEntity[]> {
    return this.accounts.find({ where: { id: In([...ids]) } });
  }
}
