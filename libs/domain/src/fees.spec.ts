import { DEFAULT_SETTINGS } from './settings';
import { quoteRegistration } from './fees';
import { Relationship } from './household.schema';

const settings = DEFAULT_SETTINGS;
const spouse = {
  relationship: Relationship.SPOUSE,
  isWorkingFullTime: null,
  isDependentParent: null,
};
const child = (working: boolean) => ({
  relationship: Relationship.CHILD,
  isWorkingFullTime: working,
  isDependentParent: null,
});
const parent = (dependent: boolean) => ({
  relationship: Relationship.PARENT,
  isWorkingFullTime: null,
  isDependentParent: dependent,
});

describe('quoteRegistration', () => {
  it('is $175 for the account holder alone, $200 due today with the first month', () => {
    expect(quoteRegistration([], settings)).toEqual({
      baseFee: 17_500,
      memberLines: [],
      registrationTotal: 17_500,
      monthlyDues: 2_500,
      dueToday: 20_000,
    });
  });

  it('adds $25 for a spouse and a child: $225, $250 due today', () => {
    const quote = quoteRegistration([spouse, child(false)], settings);
    expect(quote.registrationTotal).toBe(22_500);
    expect(quote.dueToday).toBe(25_000);
    expect(quote.memberLines).toEqual([
      { label: 'Spouse', amount: 2_500, relationship: 'spouse', name: '' },
      { label: 'Child', amount: 2_500, relationship: 'child', name: '' },
    ]);
  });

  it('adds nothing for a working child or a parent who is not dependent', () => {
    expect(quoteRegistration([child(true), parent(false)], settings).registrationTotal).toBe(
      17_500,
    );
    expect(quoteRegistration([parent(true)], settings).registrationTotal).toBe(20_000);
  });
});
