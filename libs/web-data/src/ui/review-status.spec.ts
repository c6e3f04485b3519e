import { reviewStatusBadge } from './review-status';

describe('reviewStatusBadge', () => {
  it.each([
    ['PENDING', 'Pending Review', 'yellow'],
    ['APPROVED', 'Approved', 'green'],
    ['REJECTED', 'Rejected', 'red'],
    ['pending', 'Pending Review', 'yellow'],
  ])('shows %s as %s in %s', (status, label, color) => {
    expect(reviewStatusBadge(status)).toEqual({ label, color });
  });

  it.each([['ARCHIVED'], [''], [null], [undefined], ['toString'], ['__proto__']])(
    'shows %p as Unknown in grey',
    (status) => {
      expect(reviewStatusBadge(status)).toEqual({ label: 'Unknown', color: 'gray' });
    },
  );
});
