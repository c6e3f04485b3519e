import {
  assessEligibility,
  DeceasedKind,
  EligibilityReasonMessages,
  EligibilityRule,
  reasonText,
  type EligibilityFacts,
} from './assistance';

const settings = { waitingPeriodDays: 90, claimWindowDays: 30, childAgeLimit: 18 };
const day = (value: string) => new Date(`${value}T12:00:00Z`);

const facts = (overrides: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  dateOfDeath: '2026-03-03',
  reportedAt: day('2026-03-10'),
  deceased: {
    kind: DeceasedKind.HOUSEHOLD_MEMBER,
    firstName: 'Amina',
    relationship: 'spouse',
    dateOfBirth: '1970-01-01',
    addedAt: day('2025-06-01'),
    removedAt: null,
  },
  statusChanges: [{ at: day('2025-05-01'), to: 'active' }],
  payments: [
    { at: day('2025-05-01'), type: 'registration' },
    { at: day('2026-02-20'), type: 'membership' },
  ],
  windowOverride: false,
  ...overrides,
});

describe('assessEligibility: each reason has a code and its arguments (issue 27)', () => {
  it('gives the English reason as its code and arguments write it, dates as YYYY-MM-DD', () => {
    const { rules } = assessEligibility(facts(), settings);
    const byRule = Object.fromEntries(rules.map((rule) => [rule.rule, rule]));
    expect(byRule[EligibilityRule.PERSON_COVERED]).toMatchObject({
      met: true,
      reason: "Amina is the member's spouse, a covered member of the household.",
      reasonCode: 'spouseCovered',
      reasonArguments: ['Amina'],
    });
    expect(byRule[EligibilityRule.WAITING_PERIOD]).toMatchObject({
      reason:
        'Amina was added to the household on 1 June 2025; the 90-day waiting period ended on 30 August 2025.',
      reasonCode: 'addedWaitingOver',
      reasonArguments: ['Amina', { date: '2025-06-01' }, 90, { date: '2025-08-30' }],
    });
    expect(byRule[EligibilityRule.CLAIM_WINDOW]).toMatchObject({
      reason:
        'The death was reported on 10 March 2026, 7 days after the date of death, inside the 30-day claim window.',
      reasonCode: 'insideWindow',
      reasonArguments: [{ date: '2026-03-10' }, 7, 30],
    });
    for (const rule of rules) {
      expect(reasonText(rule.reasonCode, rule.reasonArguments)).toBe(rule.reason);
      expect(Object.keys(EligibilityReasonMessages)).toContain(rule.reasonCode);
    }
  });

  it('writes a late claim an admin accepted, and a membership that was inactive', () => {
    const { rules } = assessEligibility(
      facts({
        reportedAt: day('2026-05-01'),
        windowOverride: true,
        statusChanges: [
          { at: day('2025-05-01'), to: 'active' },
          { at: day('2026-01-01'), to: 'inactive' },
        ],
      }),
      settings,
    );
    const byRule = Object.fromEntries(rules.map((rule) => [rule.rule, rule]));
    expect(byRule[EligibilityRule.CLAIM_WINDOW]).toMatchObject({
      met: true,
      reasonCode: 'outsideWindowAccepted',
      reason:
        'The death was reported on 1 May 2026, 59 days after the date of death, outside the 30-day claim window; an admin accepted the claim with a note.',
    });
    expect(byRule[EligibilityRule.MEMBERSHIP_ACTIVE]).toMatchObject({
      met: false,
      reasonCode: 'membershipInactive',
      reason: 'The membership was inactive on 3 March 2026 (since 1 January 2026).',
    });
  });
});
