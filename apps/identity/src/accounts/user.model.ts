import { Directive, Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Role } from '@jibs/domain';
import type { AccountEntity } from './account.entity';

registerEnumType(Role, { name: 'Role' });

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

  static from(account: AccountEntity): UserModel {
    return Object.assign(new UserModel(), {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      fullName: `${account.firstName} ${account.lastName}`,
      role: account.role,
      createdAt: account.createdAt,
    });
  }
}
