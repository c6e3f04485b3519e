import {
  MAX_BIOGRAPHY_LENGTH,
  MemorialMessages,
  invitationEmailSchema,
  memorialInitials,
  memorialSchema,
  memorialYears,
  memorySchema,
} from './memorials';

const TODAY = '2026-01-10';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('memorialSchema', () => {
  it('needs only a full name; empty optional fields become null; family_only by default', () => {
    const result = memorialSchema(TODAY).parse({
      fullName: '  Amina Yusuf ',
      birthDate: '',
      deathDate: null,
      birthLocation: '  ',
      biography: '',
    });
    expect(result).toEqual({
      fullName: 'Amina Yusuf',
      birthDate: null,
      deathDate: null,
      birthLocation: null,
      deathLocation: null,
      biography: null,
      privacyLevel: 'family_only',
    });
  });

  it.each([
    [{ fullName: '   ' }, MemorialMessages.fullNameRequired],
    [
      { fullName: 'A', biography: 'x'.repeat(MAX_BIOGRAPHY_LENGTH + 1) },
      MemorialMessages.biographyTooLong,
    ],
    [
      { fullName: 'A', birthDate: '1990-01-01', deathDate: '1989-12-31' },
      MemorialMessages.deathBeforeBirth,
    ],
    [{ fullName: 'A', deathDate: '2026-01-11' }, MemorialMessages.deathDateInFuture],
    [{ fullName: 'A', birthDate: '2026-02-01' }, MemorialMessages.birthDateInFuture],
    [{ fullName: 'A', birthDate: '2023-02-30' }, MemorialMessages.dateInvalid],
    [{ fullName: 'A', privacyLevel: 'secret' }, MemorialMessages.privacyInvalid],
  ])('refuses input %# with its message', (input, message) => {
    expect(messages(memorialSchema(TODAY).safeParse(input))).toEqual([message]);
  });

  it('accepts death on the day of birth and today', () => {
    expect(
      memorialSchema(TODAY).safeParse({ fullName: 'A', birthDate: TODAY, deathDate: TODAY })
        .success,
    ).toBe(true);
  });

  it('keeps markup as the text it is', () => {
    const text = '<script>alert(1)</script><b>x</b>';
    expect(memorialSchema(TODAY).parse({ fullName: text, biography: text })).toMatchObject({
      fullName: text,
      biography: text,
    });
  });
});

describe('memorySchema', () => {
  it('needs a title and content', () => {
    expect(messages(memorySchema(TODAY).safeParse({ title: ' ', content: '' }))).toEqual([
      MemorialMessages.memoryTitleRequired,
      MemorialMessages.memoryContentRequired,
    ]);
  });

  it('refuses a memory dated in the future and accepts none', () => {
    expect(
      messages(
        memorySchema(TODAY).safeParse({ title: 't', content: 'c', memoryDate: '2027-01-01' }),
      ),
    ).toEqual([MemorialMessages.memoryDateInFuture]);
    expect(memorySchema(TODAY).parse({ title: 't', content: 'c', memoryDate: '' }).memoryDate).toBe(
      null,
    );
  });
});

describe('invitationEmailSchema', () => {
  it('lower-cases a valid address and refuses others', () => {
    expect(invitationEmailSchema.parse(' Sara@Example.COM ')).toBe('sara@example.com');
    expect(messages(invitationEmailSchema.safeParse('not-an-email'))).toEqual([
      MemorialMessages.emailInvalid,
    ]);
  });
});

describe('memorial header helpers', () => {
  it('takes the first two initials and the years', () => {
    expect(memorialInitials('amina bint yusuf')).toBe('AB');
    expect(memorialYears('1950-03-01', '2024-05-02')).toBe('1950 - 2024');
    expect(memorialYears(null, null)).toBe('');
  });
});
