// Text that looks empty, as an attacker sends it: every required text field of every mutation a
// visitor or a member can call gets names made only of spaces and invisible characters (zero-width
// spaces, braille blanks, Hangul fillers, ...), through the gateway. Each must be refused with the
// field's own message (the specification's where it has one) and nothing may be written.
import type { LocalStack } from '@jibs/stack';
import {
  DeathReportMessages,
  HouseholdMessages,
  MemorialMessages,
  Messages,
  requiredMessage,
} from '@jibs/domain';
import { aHousehold, aHouseholdMember, INVISIBLE_NAMES } from '@jibs/testing';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { payRegistrationByApi } from './support/registration';
import { queryDb, signUpByApi, START_SIGN_UP } from './support/sign-up';

const CONTACT = 'mutation($input: ContactMessageInput!) { submitContactMessage(input: $input) }';
const QUESTION = 'mutation($input: QuestionInput!) { submitQuestion(input: $input) }';
const UPDATE_PROFILE =
  'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }';
const SAVE_HOUSEHOLD =
  'mutation($input: SaveHouseholdInput!) { saveHousehold(input: $input) { id } }';
const ADD_MEMBER =
  'mutation($input: HouseholdMemberInput!) { addHouseholdMember(input: $input, sameAddressCertified: true) { id } }';
const SUBMIT_REPORT =
  'mutation($input: SubmitDeathReportInput!) { submitDeathReport(input: $input) { id } }';
const RESTORE_REPORTS =
  'mutation($reports: [RestoreDeathReportInput!]!) { restoreMyDeathReports(reports: $reports) }';
const CREATE_MEMORIAL = 'mutation($input: MemorialInput!) { createMemorial(input: $input) { id } }';
const UPDATE_MEMORIAL =
  'mutation($id: ID!, $input: MemorialInput!) { updateMemorial(id: $id, input: $input) { id } }';
const ADD_MEMORY =
  'mutation($id: ID!, $input: MemoryInput!) { addMemory(memorialId: $id, input: $input) { id } }';

const aContactMessage = {
  name: 'Maryam Khan',
  email: 'maryam@example.com',
  subject: 'MEMBERSHIP',
  message: 'How do I add my mother to our household?',
};
const aQuestion = { fullName: 'Omar Ali', email: 'omar@example.com', question: 'Is there a wait?' };
const aReport = {
  deceasedName: 'Abdullah Rahman',
  dateOfDeath: '2024-03-01',
  placeOfDeath: 'Dallas Medical Center',
  relationshipToDeceased: 'Parent',
};
const aMemory = { title: 'Our mother', content: 'She taught us to read.' };

/** One required text field of one mutation: how to send a value in it, and the answer due. */
interface Target {
  name: string;
  query: string;
  variables: (text: string) => Record<string, unknown>;
  /** The key of fieldErrors that carries the message. */
  errorKey: string;
  message: string;
}

/** Fields a visitor (signed out) sends. */
const visitorTargets = (): Target[] => [
  ...(
    [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['addressLine1', 'Address line 1'],
      ['city', 'City'],
    ] as const
  ).map(([field, label]) => ({
    name: `startSignUp ${field}`,
    query: START_SIGN_UP,
    variables: (text: string) => ({ input: aSignUp({ [field]: text }) }),
    errorKey: field,
    message: requiredMessage(label),
  })),
  ...(
    [
      ['name', 'Name'],
      ['message', 'Message'],
    ] as const
  ).map(([field, label]) => ({
    name: `submitContactMessage ${field}`,
    query: CONTACT,
    variables: (text: string) => ({ input: { ...aContactMessage, [field]: text } }),
    errorKey: field,
    message: requiredMessage(label),
  })),
  ...(
    [
      ['fullName', 'Full name'],
      ['question', 'Question'],
    ] as const
  ).map(([field, label]) => ({
    name: `submitQuestion ${field}`,
    query: QUESTION,
    variables: (text: string) => ({ input: { ...aQuestion, [field]: text } }),
    errorKey: field,
    message: requiredMessage(label),
  })),
  {
    name: 'requestPasswordReset email',
    query: 'mutation($email: String) { requestPasswordReset(email: $email) }',
    variables: (text: string) => ({ email: text }),
    errorKey: 'email',
    message: Messages.emailRequiredForReset,
  },
];

/** Fields a signed-in member sends before paying the registration fee. */
const registeringTargets = (): Target[] => [
  ...(
    [
      ['addressLine1', 'Address line 1'],
      ['city', 'City'],
    ] as const
  ).map(([field, label]) => ({
    name: `updateProfile ${field}`,
    query: UPDATE_PROFILE,
    variables: (text: string) => ({ input: { [field]: text } }),
    errorKey: field,
    message: requiredMessage(label),
  })),
  ...(
    [
      ['firstName', HouseholdMessages.firstNameRequired],
      ['lastName', HouseholdMessages.lastNameAndBirthDateRequired],
    ] as const
  ).map(([field, message]) => ({
    name: `saveHousehold ${field}`,
    query: SAVE_HOUSEHOLD,
    variables: (text: string) => ({
      input: aHousehold([aHouseholdMember('SPOUSE', { [field]: text })]),
    }),
    errorKey: `members.0.${field}`,
    message,
  })),
];

/** Fields a member sends once the registration fee is paid. */
const memberTargets = (memorialId: string): Target[] => [
  ...(['firstName', 'lastName'] as const).map((field) => ({
    name: `addHouseholdMember ${field}`,
    query: ADD_MEMBER,
    variables: (text: string) => ({ input: aHouseholdMember('SPOUSE', { [field]: text }) }),
    errorKey: field,
    message: HouseholdMessages.profileFieldsRequired,
  })),
  ...(
    [
      ['deceasedName', DeathReportMessages.deceasedNameRequired],
      ['placeOfDeath', DeathReportMessages.placeOfDeathRequired],
    ] as const
  ).flatMap(([field, message]) => [
    {
      name: `submitDeathReport ${field}`,
      query: SUBMIT_REPORT,
      variables: (text: string) => ({ input: { ...aReport, [field]: text } }),
      errorKey: field,
      message,
    },
    {
      name: `restoreMyDeathReports ${field}`,
      query: RESTORE_REPORTS,
      variables: (text: string) => ({
        reports: [{ id: crypto.randomUUID(), ...aReport, [field]: text }],
      }),
      errorKey: `reports.0.${field}`,
      message,
    },
  ]),
  {
    name: 'createMemorial fullName',
    query: CREATE_MEMORIAL,
    variables: (text: string) => ({ input: { fullName: text } }),
    errorKey: 'fullName',
    message: MemorialMessages.fullNameRequired,
  },
  {
    name: 'updateMemorial fullName',
    query: UPDATE_MEMORIAL,
    variables: (text: string) => ({ id: memorialId, input: { fullName: text } }),
    errorKey: 'fullName',
    message: MemorialMessages.fullNameRequired,
  },
  ...(
    [
      ['title', MemorialMessages.memoryTitleRequired],
      ['content', MemorialMessages.memoryContentRequired],
    ] as const
  ).map(([field, message]) => ({
    name: `addMemory ${field}`,
    query: ADD_MEMORY,
    variables: (text: string) => ({ id: memorialId, input: { ...aMemory, [field]: text } }),
    errorKey: field,
    message,
  })),
];

describe('names made of invisible characters, sent through the gateway', () => {
  let stack: LocalStack;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ stack, stop } = await startE2eStack());
  });

  afterAll(async () => {
    await stop?.();
  });

  /** Sends every invisible name to every target; returns what was answered otherwise. */
  async function sweep(client: GraphQLClient, targets: Target[]): Promise<string[]> {
    const wrong: string[] = [];
    for (const target of targets) {
      for (const [label, text] of INVISIBLE_NAMES) {
        const answer = await client.request(target.query, target.variables(text));
        const error = answer.errors?.[0];
        const ok =
          answer.status < 500 &&
          answer.errors?.length === 1 &&
          !Object.values(answer.data ?? {}).some((value) => value != null) &&
          error?.message === target.message &&
          error.extensions?.['code'] === 'BAD_USER_INPUT' &&
          (error.extensions?.['fieldErrors'] as Record<string, string> | undefined)?.[
            target.errorKey
          ] === target.message;
        if (!ok) wrong.push(`${target.name} = ${label}: ${JSON.stringify(answer).slice(0, 300)}`);
      }
    }
    return wrong;
  }

  /** What the refused requests could have written, in every service they reach. */
  async function written(userId: string | null, memorialId: string | null) {
    const one = async (service: string, sql: string, params: unknown[] = []) =>
      (
        await queryDb<Record<string, unknown>>(
          stack.databaseUrl(service as 'identity'),
          sql,
          params,
        )
      )[0];
    return {
      identity: await one(
        'identity',
        `SELECT (SELECT count(*)::int FROM accounts) AS accounts,
                (SELECT count(*)::int FROM sign_up_codes) AS sign_up_codes,
                (SELECT count(*)::int FROM contact_messages) AS contact_messages,
                (SELECT count(*)::int FROM password_reset_tokens) AS reset_tokens,
                (SELECT row_to_json(p)::text FROM (SELECT first_name, last_name, address_line1,
                   address_line2, city FROM accounts WHERE id = $1) p) AS profile`,
        [userId],
      ),
      billing: await one(
        'billing',
        'SELECT count(*)::int AS household_members FROM household_members',
      ),
      cases: await one('cases', 'SELECT count(*)::int AS death_reports FROM death_reports'),
      memorials: await one(
        'memorials',
        `SELECT (SELECT count(*)::int FROM memorial_pages) AS memorials,
                (SELECT count(*)::int FROM memorial_memories) AS memories,
                (SELECT full_name FROM memorial_pages WHERE id = $1) AS full_name`,
        [memorialId],
      ),
    };
  }

  it('refuses each invisible name in every required text field with its message, and writes nothing', async () => {
    const endpoint = `${stack.gatewayUrl}/graphql`;
    const visitor = new GraphQLClient(endpoint);
    const member = new GraphQLClient(endpoint);
    const { user } = await signUpByApi(member, stack, aSignUp());

    // A visitor, and the member while registering.
    const before = await written(user.id, null);
    const wrong = [
      ...(await sweep(visitor, visitorTargets())),
      ...(await sweep(member, registeringTargets())),
    ];
    expect(await written(user.id, null)).toEqual(before);

    // The member once the fee is paid, with a memorial of their own to edit and remember.
    await payRegistrationByApi(member, stack, user.id);
    const created = await member.request<{ createMemorial: { id: string } }>(CREATE_MEMORIAL, {
      input: { fullName: 'Amina Yusuf' },
    });
    expect(created.errors).toBeUndefined();
    const memorialId = created.data!.createMemorial.id;
    const paid = await written(user.id, memorialId);
    wrong.push(...(await sweep(member, memberTargets(memorialId))));
    expect(await written(user.id, memorialId)).toEqual(paid);
    expect(paid.memorials?.['full_name']).toBe('Amina Yusuf');

    const sent =
      INVISIBLE_NAMES.length *
      (visitorTargets().length + registeringTargets().length + memberTargets(memorialId).length);
    process.stdout.write(`invisible names: ${sent} requests, ${wrong.length} answered otherwise\n`);
    expect(wrong).toEqual([]);
  });

  it('stores a name with invisible characters around it as NFC, without them', async () => {
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const { user } = await signUpByApi(
      member,
      stack,
      aSignUp({ firstName: '\u200BZo\u0308e\u3164', lastName: '\u2800Ali ' }),
    );
    expect(user.firstName).toBe('Z\u00F6e');
    const [row] = await queryDb<{ first_name: string; last_name: string }>(
      stack.databaseUrl('identity'),
      'SELECT first_name, last_name FROM accounts WHERE id = $1',
      [user.id],
    );
    expect(row).toEqual({ first_name: 'Z\u00F6e', last_name: 'Ali' });
  });
});
