import { lazily } from './lazily';

describe('lazily', () => {
  it('makes the value on the first call only, and returns the same one after', () => {
    const make = jest.fn(() => ({ made: true }));
    const value = lazily(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
