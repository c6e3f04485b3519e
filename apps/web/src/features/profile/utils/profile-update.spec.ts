import { Messages } from '@jibs/domain';
import { displayValue, profileEdit } from './profile-update';

const current = {
  phone: '+15551234567',
  addressLine1: '12 Oak St',
  addressLine2: null,
  city: 'Dearborn',
  state: 'MI',
  zipCode: '48126',
};

describe('profileEdit', () => {
  it('saves just the edited field, as the server stores it', () => {
    expect(profileEdit('city', '  Detroit ', current)).toEqual({
      kind: 'save',
      input: { city: 'Detroit' },
    });
    expect(profileEdit('phone', '(555) 987-6543', current)).toEqual({
      kind: 'save',
      input: { phone: '+15559876543' },
    });
    expect(profileEdit('state', 'OH', current)).toEqual({ kind: 'save', input: { state: 'OH' } });
  });

  it('does nothing when the value is what is stored', () => {
    expect(profileEdit('phone', '(555) 123-4567', current)).toEqual({ kind: 'unchanged' });
    expect(profileEdit('city', 'Dearborn ', current)).toEqual({ kind: 'unchanged' });
    expect(profileEdit('addressLine2', '  ', current)).toEqual({ kind: 'unchanged' });
  });

  it('does not complain about a field left empty when nothing is stored', () => {
    const empty = { ...current, phone: null, city: null, zipCode: null };
    expect(profileEdit('city', '', empty)).toEqual({ kind: 'unchanged' });
    expect(profileEdit('phone', '', empty)).toEqual({ kind: 'unchanged' });
  });

  it('refuses emptying a required field', () => {
    expect(profileEdit('city', '', current)).toEqual({
      kind: 'invalid',
      message: 'City is required',
    });
  });

  it('clears the optional second line with null', () => {
    expect(profileEdit('addressLine2', '', { ...current, addressLine2: 'Apt 4' })).toEqual({
      kind: 'save',
      input: { addressLine2: null },
    });
  });

  it('refuses what the shared rules refuse, with their messages', () => {
    expect(profileEdit('phone', '(555) 12', current)).toEqual({
      kind: 'invalid',
      message: Messages.invalidPhone,
    });
    expect(profileEdit('zipCode', '4812', current)).toEqual({
      kind: 'invalid',
      message: Messages.invalidZip,
    });
    expect(profileEdit('city', ' ', current)).toEqual({
      kind: 'invalid',
      message: 'City is required',
    });
  });
});

describe('displayValue', () => {
  it('shows the phone formatted and nothing for a missing value', () => {
    expect(displayValue('phone', '+15551234567')).toBe('(555) 123-4567');
    expect(displayValue('addressLine2', null)).toBe('');
    expect(displayValue('city', 'Dearborn')).toBe('Dearborn');
  });
});
