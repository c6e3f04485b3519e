import { isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    'a3bb189e-8bf9-3888-9912-ace4e6543002', // version 3
    '6F9619FF-8B86-D011-B42D-00C04FC964FF', // upper case, no RFC version bits
    '00000000-0000-0000-0000-000000000000',
  ])('accepts the row id %s', (id) => {
    expect(isUuid(id)).toBe(true);
  });

  it.each([
    '',
    'not-a-uuid',
    'a3bb189e8bf938889912ace4e6543002',
    'a3bb189e-8bf9-3888-9912-ace4e654300',
    'a3bb189e-8bf9-3888-9912-ace4e6543002 ',
    "a3bb189e-8bf9-3888-9912-ace4e6543002' OR 1=1",
    'g3bb189e-8bf9-3888-9912-ace4e6543002',
  ])('refuses %j', (id) => {
    expect(isUuid(id)).toBe(false);
  });
});
