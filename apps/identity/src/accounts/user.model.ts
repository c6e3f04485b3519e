import { Directive, Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { issuedToCaller } from '@jibs/auth';
import { Role, VerificationMethod } from '@jibs/domain';
import type { AccountEntity } from './account.entity';

registerEnumType(Role, { name: 'Role' });
registerEnumType(VerificationMethod, { name: 'VerificationMethod' });

/**
 * What only the user themself or an admin may read. Not GraphQL fields here: the resolver
 * exposes each one, decided `@SelfOrAdmin()` (see AccountsResolver).
 */
export interface PersonalDetails {
  phone: string | null;
  dateOfBirth: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  isUsCitizen: boolean | null;
}

@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserModel {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field()
  fullName!: string;

  @Field(() => Role)
  role!: Role;

  @Field()
  createdAt!: Date;

  @Field({
    description:
      'Registration step 2 is done (a code by email or SMS, or an authenticator, was confirmed).',
  })
  verified!: boolean;

  @Field(() => VerificationMethod, { nullable: true })
  verifiedWith!: VerificationMethod | null;

  @Field({
    description:
      'The email address was proven by a code sent to it (at sign-up, or verification by EMAIL). Registration cannot be completed (paid) without it.',
  })
  emailVerified!: boolean;

  @Field()
  totpEnabled!: boolean;

  @Field({ description: 'The phone number was proven by a code texted to it.' })
  phoneVerified!: boolean;

  @Field({ description: 'Sign-in asks for a code texted to the verified phone.' })
  smsSignInEnabled!: boolean;

  /** Not GraphQL fields here: the resolver exposes them, decided `@SelfOrAdmin()`. */
  preferences!: { language: string; showHijri: boolean };

  personal!: PersonalDetails;

  /**
   * `ownSession`: the user a session was just issued to (sign-up, sign-in), the caller themself
   * although the request carried no token yet (see `issuedToCaller`).
   */
  static from(account: AccountEntity, options: { ownSession?: boolean } = {}): UserModel {
    const user = Object.assign(new UserModel(), {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      fullName: `${account.firstName} ${account.lastName}`,
      role: account.role,
      createdAt: account.createdAt,
      verified: account.verifiedAt !== null,
      verifiedWith: account.verifiedWith,
      emailVerified: account.emailVerifiedAt !== null,
      totpEnabled: account.totpEnabledAt !== null,
      phoneVerified: account.phoneVerifiedAt !== null,
      smsSignInEnabled: account.smsSignInEnabledAt !== null,
      preferences: { language: account.language, showHijri: account.showHijri },
      personal: {
        phone: account.phone,
        dateOfBirth: account.dateOfBirth,
        addressLine1: account.addressLine1,
        addressLine2: account.addressLine2,
        city: account.city,
        state: account.state,
        zipCode: account.zipCode,
        isUsCitizen: account.isUsCitizen,
      },
    });
    return options.ownSession ? issuedToCaller(user) : user;
  }
}
