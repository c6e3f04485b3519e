import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, type INestApplication } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule, NestFactory } from '@nestjs/core';
import {
  Field,
  GraphQLModule,
  GraphQLSchemaHost,
  ID,
  ObjectType,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { execute, parse, type ExecutionResult } from 'graphql';
import { DomainError, Role } from '@jibs/domain';
import { listFieldDecisions, listOperationDecisions } from './access-audit';
import { Public, Roles, SelfOrAdmin } from './access-decisions';
import type { AuthUser } from './access-token';
import { AuthGuard, TOKEN_VERIFIER } from './auth.guard';

@ObjectType('Account')
class AccountModel {
  @Field(() => ID)
  id!: string;
}

@Resolver(() => AccountModel)
class AccountsResolver {
  @Public()
  @Query(() => [AccountModel])
  accounts(): AccountModel[] {
    return [{ id: 'member-1' }, { id: 'member-2' }];
  }

  @Public()
  @ResolveField(() => String)
  greeting(@Parent() account: AccountModel): string {
    return `hello ${account.id}`;
  }

  @SelfOrAdmin()
  @ResolveField(() => String, { nullable: true })
  phone(@Parent() account: AccountModel): string {
    return `phone of ${account.id}`;
  }

  @SelfOrAdmin({ othersGet: null })
  @ResolveField(() => String, { nullable: true })
  email(@Parent() account: AccountModel): string {
    return `${account.id}@example.com`;
  }

  @Roles(Role.ADMIN)
  @ResolveField(() => [String], { nullable: true })
  notes(): string[] {
    return ['admin note'];
  }

  // Planted: a field resolver nobody decided.
  @ResolveField(() => String, { nullable: true })
  secret(@Parent() account: AccountModel): string {
    return `secret of ${account.id}`;
  }
}

const USERS: Record<string, AuthUser> = {
  'member-1': { id: 'member-1', role: Role.MEMBER, email: 'member-1@example.com' },
  'member-2': { id: 'member-2', role: Role.MEMBER, email: 'member-2@example.com' },
  admin: { id: 'admin', role: Role.ADMIN, email: 'admin@example.com' },
};
const verified: string[] = [];

@Module({
  imports: [
    DiscoveryModule,
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      autoSchemaFile: true,
      // As every subgraph has it (libs/subgraph): the guard decides field resolvers too.
      fieldResolverEnhancers: ['guards', 'interceptors'],
    }),
  ],
  providers: [
    AccountsResolver,
    {
      provide: TOKEN_VERIFIER,
      // Tokens here are user ids; the JWT verifier itself is tested in access-token.spec.ts.
      useValue: async (token: string) => {
        verified.push(token);
        const user = USERS[token];
        if (!user) throw new Error('bad token');
        return user;
      },
    },
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
class AccountsModule {}

describe('field access: decisions, the audit and the guard', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(AccountsModule, { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
  });

  const ask = async (fields: string, token?: string) => {
    const result = (await execute({
      schema: app.get(GraphQLSchemaHost).schema,
      document: parse(`{ accounts { id ${fields} } }`),
      contextValue: { req: { headers: token ? { authorization: `Bearer ${token}` } : {} } },
    })) as ExecutionResult<{ accounts: Record<string, unknown>[] }>;
    return {
      accounts: result.data?.accounts,
      codes: (result.errors ?? []).map((error) =>
        error.originalError instanceof DomainError ? error.originalError.code : error.message,
      ),
    };
  };

  it('lists every field resolver with its decision, and the planted undecided one without', () => {
    const decisions = listFieldDecisions(app);
    expect(decisions).toEqual(
      expect.arrayContaining([
        { field: 'Account.AccountsResolver.greeting', decision: { kind: 'public' } },
        {
          field: 'Account.AccountsResolver.phone',
          decision: { kind: 'self', othersGet: 'refusal' },
        },
        {
          field: 'Account.AccountsResolver.email',
          decision: { kind: 'self', othersGet: 'null' },
        },
        {
          field: 'Account.AccountsResolver.notes',
          decision: { kind: 'roles', roles: [Role.ADMIN] },
        },
      ]),
    );
    // What each service's access test asserts to be empty: here it names the planted field.
    expect(decisions.filter((entry) => !entry.decision)).toEqual([
      { field: 'Account.AccountsResolver.secret', decision: null },
    ]);
    expect(listOperationDecisions(app)).toEqual([
      { operation: 'Query.AccountsResolver.accounts', decision: { kind: 'public' } },
    ]);
  });

  it('refuses the undecided field to a signed-out caller: deny by default', async () => {
    const { accounts, codes } = await ask('greeting secret');
    expect(accounts?.map((account) => account['secret'])).toEqual([null, null]);
    expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(accounts?.map((account) => account['greeting'])).toEqual([
      'hello member-1',
      'hello member-2',
    ]);
  });

  it('shows a self-or-admin field to the user themself and an admin, refuses others', async () => {
    expect(await ask('phone', 'member-1')).toEqual({
      accounts: [
        { id: 'member-1', phone: 'phone of member-1' },
        { id: 'member-2', phone: null },
      ],
      codes: ['FORBIDDEN'],
    });
    expect((await ask('phone', 'admin')).codes).toEqual([]);
    expect((await ask('phone')).codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    // A bad token reads as signed out.
    expect((await ask('phone', 'forged')).codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });

  it('answers others with null and no error when the decision says so', async () => {
    expect(await ask('email', 'member-2')).toEqual({
      accounts: [
        { id: 'member-1', email: null },
        { id: 'member-2', email: 'member-2@example.com' },
      ],
      codes: [],
    });
    expect((await ask('email')).accounts?.map((account) => account['email'])).toEqual([null, null]);
  });

  it('keeps admin fields to admins', async () => {
    expect((await ask('notes', 'member-1')).codes).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect((await ask('notes', 'admin')).accounts?.[0]?.['notes']).toEqual(['admin note']);
  });

  it('verifies the caller once per request, however many fields ask', async () => {
    verified.length = 0;
    await ask('greeting phone email notes secret', 'admin');
    expect(verified).toEqual(['admin']);
  });
});
