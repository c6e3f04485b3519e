import { randomBytes } from 'node:crypto';
import { parseSecretBoxKey, SecretBox } from './secret-box';

const hexKey = randomBytes(32).toString('hex');

describe('SecretBox', () => {
  const box = SecretBox.fromKey(hexKey);

  it('opens what it sealed, for the same owner, and never shows the plain value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same value differently each time', () => {
    expect(box.seal('same', 'user-1')).not.toBe(box.seal('same', 'user-1'));
  });

  it('refuses a value moved to another owner, altered, or sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    const parts = sealed.split('.');
    parts[2] = Buffer.from('x'.repeat(16)).toString('base64url');
    expect(() => box.open(parts.join('.'), 'user-1')).toThrow();
    expect(() => SecretBox.fromKey(randomBytes(32).toString('hex')).open(sealed, 'user-1')).toThrow(
      /unable to authenticate|auth/i,
    );
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'user-1')).toThrow('Not a sealed value');
  });

  it('takes a 32-byte key as hex or base64, and nothing shorter', () => {
    const key = randomBytes(32);
    expect(parseSecretBoxKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretBoxKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretBoxKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretBoxKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(parseSecretBoxKey('not a key')).toBeNull();
    expect(() => SecretBox.fromKey('short')).toThrow('64 hex characters or base64');
  });
});
