import {
  previousStep,
  requestedStep,
  resumeStep,
  showsPaymentSummary,
  stepInfo,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-steps';

describe('the wizard steps', () => {
  it('are the five of the specification, 20% apart', () => {
    expect(WIZARD_STEPS.map((step) => [step.number, step.title, step.progress])).toEqual([
      [1, 'Personal Information', 20],
      [2, 'Verification', 40],
      [3, 'Household Members', 60],
      [4, 'Registration Payment', 80],
      [5, 'Membership Setup', 100],
    ]);
  });

  it('look up by key', () => {
    expect(stepInfo('registration-payment')).toMatchObject({ number: 4, progress: 80 });
  });

  it('go back one step at a time, and not before the first', () => {
    expect(previousStep('personal-info')).toBeNull();
    expect(previousStep('verification')).toBe('personal-info');
    expect(previousStep('household-members')).toBe('verification');
    expect(previousStep('registration-payment')).toBe('household-members');
    expect(previousStep('subscription-setup')).toBe('registration-payment');
  });

  it('show the payment summary on steps 2 to 4 only', () => {
    const shown = WIZARD_STEPS.filter((step) => showsPaymentSummary(step.key)).map((s) => s.number);
    expect(shown).toEqual([2, 3, 4]);
  });
});

describe('requestedStep', () => {
  it('accepts the two steps the payment pages link back to', () => {
    expect(requestedStep('subscription-setup')).toBe('subscription-setup');
    expect(requestedStep('registration-payment')).toBe('registration-payment');
  });

  it.each([null, '', 'verification', 'household-members', 'personal-info', 'nonsense'])(
    'ignores %p',
    (param) => {
      expect(requestedStep(param)).toBeNull();
    },
  );
});

describe('resumeStep', () => {
  const resume = (
    signedIn: boolean,
    verified: boolean,
    requested: WizardStep | null = null,
    registrationFeePaid = false,
  ) => resumeStep({ signedIn, verified, registrationFeePaid, requested });

  it('starts a visitor at Personal Information, whatever the address asks', () => {
    expect(resume(false, false)).toBe('personal-info');
    expect(resume(false, false, 'subscription-setup')).toBe('personal-info');
  });

  it('reopens the code entry (step 2) for a visitor whose sign-up waits for its emailed code', () => {
    const facts = { signedIn: false, verified: false, registrationFeePaid: false, requested: null };
    expect(resumeStep({ ...facts, pendingSignUp: true })).toBe('verification');
    expect(resumeStep({ ...facts, pendingSignUp: false })).toBe('personal-info');
    // Once signed in, the account decides (a stale pending sign-up is ignored).
    expect(resumeStep({ ...facts, signedIn: true, verified: true, pendingSignUp: true })).toBe(
      'household-members',
    );
  });

  it('takes an unverified account to Verification, before any payment step', () => {
    expect(resume(true, false)).toBe('verification');
    expect(resume(true, false, 'registration-payment')).toBe('verification');
  });

  it('takes a verified member whose fee is unpaid on to Household Members', () => {
    expect(resume(true, true)).toBe('household-members');
  });

  it('returns from checkout to the registration payment while the fee is unpaid', () => {
    expect(resume(true, true, 'registration-payment')).toBe('registration-payment');
    expect(resume(true, true, 'subscription-setup')).toBe('registration-payment');
  });

  it('leaves only Membership Setup once the fee is paid', () => {
    expect(resume(true, true, null, true)).toBe('subscription-setup');
    expect(resume(true, true, 'registration-payment', true)).toBe('subscription-setup');
  });
});
