import { INVISIBLE_NAMES } from '@jibs/testing';
import { IdentityHarness, randomAddress } from '../testing/identity-harness';

const CONTACT = 'mutation($input: ContactMessageInput!) { submitContactMessage(input: $input) }';
const QUESTION = 'mutation($input: QuestionInput!) { submitQuestion(input: $input) }';
const ADMIN_EMAIL = 'office@jibs.example.org';

const aContactMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maryam Khan',
  email: 'maryam@example.com',
  phone: '(313) 555-0144',
  subject: 'MEMBERSHIP',
  message: 'How do I add my mother to our household?',
  ...overrides,
});

describe('contact and question forms', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await IdentityHarness.start();
    await identity.dataSource.query('UPDATE site_settings SET admin_email = $1', [ADMIN_EMAIL]);
  });

  afterAll(async () => {
    await identity?.close();
  });

  it('stores a contact message and emails it to the admin address, reply-to the visitor', async () => {
    const { body } = await identity.gql(CONTACT, { input: aContactMessage() });
    expect(body).toEqual({ data: { submitContactMessage: true } });
    const [stored] = await identity.dataSource.query(
      `SELECT kind, name, email, phone, subject, message FROM contact_messages WHERE email = 'maryam@example.com'`,
    );
    expect(stored).toEqual({
      kind: 'contact',
      name: 'Maryam Khan',
      email: 'maryam@example.com',
      phone: '+13135550144',
      subject: 'membership',
      message: 'How do I add my mother to our household?',
    });
    const mail = await identity.lastMailTo(ADMIN_EMAIL);
    expect(mail).toMatchObject({
      replyTo: 'maryam@example.com',
      subject: 'Contact form: Membership, from Maryam Khan',
    });
    expect(mail.text).toContain('How do I add my mother to our household?');
    expect(mail.text).toContain('Phone: +13135550144');
    expect(
      await identity.count(
        'contact_messages',
        `email = 'maryam@example.com' AND emailed_at IS NOT NULL`,
      ),
    ).toBe(1);
  });

  it("stores and emails the FAQ's question", async () => {
    const { body } = await identity.gql(QUESTION, {
      input: {
        fullName: 'Omar\r\nBcc: x@evil.example',
        email: 'omar@example.com',
        question: 'Is there a waiting period?',
      },
    });
    expect(body.data.submitQuestion).toBe(true);
    const mail = await identity.lastMailTo(ADMIN_EMAIL);
    expect(mail.subject).toBe('Question from the FAQ page, from Omar Bcc: x@evil.example');
    expect(mail.replyTo).toBe('omar@example.com');
    expect(mail.text).toContain('Is there a waiting period?');
    expect(await identity.count('contact_messages', `kind = 'question'`)).toBe(1);
  });

  it.each([
    ['name', CONTACT, { ...aContactMessage(), name: ' ' }, 'Name is required'],
    [
      'email',
      CONTACT,
      { ...aContactMessage(), email: 'maryam@' },
      'Please enter a valid email address',
    ],
    ['subject', CONTACT, { ...aContactMessage(), subject: null }, 'Subject is required'],
    ['message', CONTACT, { ...aContactMessage(), message: '' }, 'Message is required'],
    [
      'phone',
      CONTACT,
      { ...aContactMessage(), phone: '12345' },
      'Please enter a valid 10-digit phone number',
    ],
    ['question', QUESTION, { fullName: 'Omar', email: 'omar@example.com' }, 'Question is required'],
    ['fullName', QUESTION, { email: 'omar@example.com', question: 'Hi?' }, 'Full name is required'],
  ])(
    'refuses a form with a bad %s, storing and sending nothing',
    async (field, query, input, message) => {
      const before = [await identity.count('contact_messages'), await identity.throttled()];
      const { body } = await identity.gql(query, { input });
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
      expect(body.errors?.[0]?.extensions.fieldErrors[field]).toBe(message);
      expect([await identity.count('contact_messages'), await identity.throttled()]).toEqual(
        before,
      );
    },
  );

  const invisible = INVISIBLE_NAMES.flatMap(([label, text]) =>
    (
      [
        ['name', CONTACT, aContactMessage(), 'Name is required'],
        ['message', CONTACT, aContactMessage(), 'Message is required'],
        [
          'fullName',
          QUESTION,
          { fullName: 'Omar', email: 'omar@example.com', question: 'Hi?' },
          'Full name is required',
        ],
        [
          'question',
          QUESTION,
          { fullName: 'Omar', email: 'omar@example.com', question: 'Hi?' },
          'Question is required',
        ],
      ] as const
    ).map(([field, query, input, message]) => ({ field, query, input, message, label, text })),
  );

  it.each(invisible)(
    'refuses a $field of $label, storing and sending nothing',
    async ({ field, query, input, message, text }) => {
      const before = [await identity.count('contact_messages'), await identity.throttled()];
      const { body } = await identity.gql(query, { input: { ...input, [field]: text } });
      expect(body.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [field]: message } },
      });
      expect([await identity.count('contact_messages'), await identity.throttled()]).toEqual(
        before,
      );
    },
  );

  it('takes five messages an hour from one address, both forms together', async () => {
    const address = randomAddress();
    for (let i = 0; i < 3; i++) {
      expect(
        (await identity.gql(CONTACT, { input: aContactMessage() }, { address })).body.data,
      ).toBeTruthy();
    }
    for (let i = 0; i < 2; i++) {
      const { body } = await identity.gql(
        QUESTION,
        { input: { fullName: 'Omar', email: 'omar@example.com', question: `Question ${i}` } },
        { address },
      );
      expect(body.data.submitQuestion).toBe(true);
    }
    const before = await identity.count('contact_messages');
    const sixth = await identity.gql(CONTACT, { input: aContactMessage() }, { address });
    expect(sixth.body.errors?.[0]).toMatchObject({
      message: 'You have sent several messages in a short time. Please try again later.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(await identity.count('contact_messages')).toBe(before);
    const elsewhere = await identity.gql(
      CONTACT,
      { input: aContactMessage() },
      { address: randomAddress() },
    );
    expect(elsewhere.body.data.submitContactMessage).toBe(true);
  });
});
