import {
  adminNotesSchema,
  DeathReportMessages,
  deathReportSchema,
  latestDateOnEarth,
  MAX_ADMIN_NOTES_LENGTH,
  MAX_DECEASED_NAME_LENGTH,
  MAX_PLACE_OF_DEATH_LENGTH,
  MAX_REPORT_NOTES_LENGTH,
  RELATIONSHIPS_TO_DECEASED,
  REVIEW_STATUS_LABELS,
  ReviewStatus,
} from './death-report.schema';
import { fieldErrorsOf } from './sign-up.schema';

const TODAY = '2026-06-01';
const schema = deathReportSchema(TODAY);
const valid = {
  deceasedName: 'Aisha Rahman',
  dateOfDeath: '2026-05-30',
  placeOfDeath: 'Houston',
  relationshipToDeceased: 'Spouse',
  additionalNotes: 'Janazah after Dhuhr',
};

function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('death report schema', () => {
  it('accepts a complete report and trims it', () => {
    const result = schema.parse({
      ...valid,
      deceasedName: '  Aisha Rahman ',
      placeOfDeath: ' Houston ',
      additionalNotes: '  Janazah after Dhuhr  ',
    });
    expect(result).toEqual(valid);
  });

  it.each([[undefined], [null], [''], ['   ']])('stores notes %p as null', (notes) => {
    expect(schema.parse({ ...valid, additionalNotes: notes }).additionalNotes).toBeNull();
  });

  it('accepts every relationship the form offers, and nothing else', () => {
    for (const relationship of RELATIONSHIPS_TO_DECEASED)
      expect(schema.safeParse({ ...valid, relationshipToDeceased: relationship }).success).toBe(
        true,
      );
    for (const relationship of ['spouse', 'Neighbour', '', undefined])
      expect(errorsOf({ ...valid, relationshipToDeceased: relationship })).toEqual({
        relationshipToDeceased: DeathReportMessages.relationshipRequired,
      });
  });

  it('accepts today and refuses tomorrow', () => {
    expect(schema.safeParse({ ...valid, dateOfDeath: TODAY }).success).toBe(true);
    expect(errorsOf({ ...valid, dateOfDeath: '2026-06-02' })).toEqual({
      dateOfDeath: DeathReportMessages.dateOfDeathInFuture,
    });
  });

  it.each([['2026-02-30'], ['2026-13-01'], ['01/05/2026'], ['yesterday'], ['1899-12-31']])(
    'refuses the date %p as invalid',
    (date) => {
      expect(errorsOf({ ...valid, dateOfDeath: date })).toEqual({
        dateOfDeath: DeathReportMessages.dateOfDeathInvalid,
      });
    },
  );

  it('uses the required messages for missing or blank fields', () => {
    expect(errorsOf({})).toEqual({
      deceasedName: DeathReportMessages.deceasedNameRequired,
      dateOfDeath: DeathReportMessages.dateOfDeathRequired,
      placeOfDeath: DeathReportMessages.placeOfDeathRequired,
      relationshipToDeceased: DeathReportMessages.relationshipRequired,
    });
    expect(
      errorsOf({ ...valid, deceasedName: '  ', placeOfDeath: '\t', dateOfDeath: ' ' }),
    ).toEqual({
      deceasedName: DeathReportMessages.deceasedNameRequired,
      dateOfDeath: DeathReportMessages.dateOfDeathRequired,
      placeOfDeath: DeathReportMessages.placeOfDeathRequired,
    });
  });

  it('limits the length of each text, counting after trimming', () => {
    expect(
      schema.safeParse({ ...valid, deceasedName: ` ${'a'.repeat(MAX_DECEASED_NAME_LENGTH)} ` })
        .success,
    ).toBe(true);
    expect(
      errorsOf({
        ...valid,
        deceasedName: 'a'.repeat(MAX_DECEASED_NAME_LENGTH + 1),
        placeOfDeath: 'p'.repeat(MAX_PLACE_OF_DEATH_LENGTH + 1),
        additionalNotes: 'n'.repeat(MAX_REPORT_NOTES_LENGTH + 1),
      }),
    ).toEqual({
      deceasedName: DeathReportMessages.deceasedNameTooLong,
      placeOfDeath: DeathReportMessages.placeOfDeathTooLong,
      additionalNotes: DeathReportMessages.notesTooLong,
    });
  });

  it("uses the server's latest date on Earth by default", () => {
    expect(
      deathReportSchema().safeParse({ ...valid, dateOfDeath: latestDateOnEarth() }).success,
    ).toBe(true);
  });
});

describe('latestDateOnEarth', () => {
  it('is the UTC+14 calendar date', () => {
    expect(latestDateOnEarth(new Date('2026-06-01T09:59:59Z'))).toBe('2026-06-01');
    expect(latestDateOnEarth(new Date('2026-06-01T10:00:00Z'))).toBe('2026-06-02');
  });
});

describe('admin notes', () => {
  it('trims, allows empty, and limits the length', () => {
    expect(adminNotesSchema.parse('  ok  ')).toBe('ok');
    expect(adminNotesSchema.parse('   ')).toBe('');
    const tooLong = adminNotesSchema.safeParse('x'.repeat(MAX_ADMIN_NOTES_LENGTH + 1));
    expect(tooLong.success ? null : tooLong.error.issues[0]!.message).toBe(
      DeathReportMessages.adminNotesTooLong,
    );
  });
});

describe('review status labels', () => {
  it('names each state as the spec does', () => {
    expect(REVIEW_STATUS_LABELS).toEqual({
      [ReviewStatus.PENDING]: 'Pending Review',
      [ReviewStatus.APPROVED]: 'Approved',
      [ReviewStatus.REJECTED]: 'Rejected',
    });
  });
});
