import { DEFAULT_SETTINGS } from '@jibs/domain';
import { dollarsToCents, toForm, validateForm } from './settings-form';

describe('the settings form', () => {
  it('reads dollars as cents, refusing what is not an amount', () => {
    expect(dollarsToCents('25')).toBe(2_500);
    expect(dollarsToCents('25.5')).toBe(2_550);
    expect(dollarsToCents(' $1,025.05 ')).toBe(102_505);
    expect(dollarsToCents('-1')).toBeUndefined();
    expect(dollarsToCents('25.001')).toBeUndefined();
    expect(dollarsToCents('abc')).toBeUndefined();
  });

  it('sends the defaults back unchanged, money in cents', () => {
    expect(validateForm(toForm(DEFAULT_SETTINGS))).toEqual({ ok: true, input: DEFAULT_SETTINGS });
  });

  it("applies the server's rules, one message per field", () => {
    const result = validateForm({
      ...toForm(DEFAULT_SETTINGS),
      siteName: ' ',
      adminEmail: 'nope',
      registrationFee: '0',
      monthlyDues: '100000',
      memberFee: '-5',
      maxFileSizeMb: '10000',
      allowedFileTypes: [],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        siteName: 'Site name is required',
        adminEmail: 'Please enter a valid email address',
        registrationFee: 'Registration fee must be more than $0',
        monthlyDues: 'Monthly dues must be at most $10,000.00',
        memberFee: 'Member fee must be an amount in dollars, like 25.00',
        maxFileSizeMb: 'Maximum file size must be at most 100 MB',
        allowedFileTypes: 'Allow at least one file type',
      },
    });
  });

  it('refuses a size of 0 or that is not whole megabytes', () => {
    const zero = validateForm({ ...toForm(DEFAULT_SETTINGS), maxFileSizeMb: '0' });
    expect(zero).toEqual({
      ok: false,
      errors: { maxFileSizeMb: 'Maximum file size must be at least 1 MB' },
    });
    const half = validateForm({ ...toForm(DEFAULT_SETTINGS), maxFileSizeMb: '2.5' });
    expect(half).toEqual({
      ok: false,
      errors: { maxFileSizeMb: 'Maximum file size must be whole megabytes' },
    });
  });

  it("checks the case checklist by the server's rules, under the one field", () => {
    const form = toForm(DEFAULT_SETTINGS);
    const duplicate = { ...form.caseChecklist[0]!, label: 'Again' };
    expect(validateForm({ ...form, caseChecklist: [...form.caseChecklist, duplicate] })).toEqual({
      ok: false,
      errors: { caseChecklist: 'Each checklist key only once' },
    });
    const blank = { key: 'imam', label: ' ', owner: 'family', documentType: '' };
    expect(validateForm({ ...form, caseChecklist: [blank] })).toEqual({
      ok: false,
      errors: { caseChecklist: 'A checklist item needs a label' },
    });
  });
});
