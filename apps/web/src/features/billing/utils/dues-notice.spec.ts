import { duesAppliedNotice } from './dues-notice';

describe('duesAppliedNotice', () => {
  it("finishes a registration with the spec's 'Registration Complete!' toast", () => {
    for (const before of ['PENDING', 'ACTIVE', null] as const) {
      expect(duesAppliedNotice(before)).toEqual({
        color: 'green',
        title: 'Registration Complete!',
        message: 'Welcome to JIBS! Your registration and membership are now active.',
      });
    }
  });

  it("greets dues set up again after the membership ended with 'Subscription Created'", () => {
    expect(duesAppliedNotice('INACTIVE')).toEqual({
      color: 'green',
      title: 'Subscription Created',
      message: 'Your monthly dues subscription has been set up.',
    });
  });
});
