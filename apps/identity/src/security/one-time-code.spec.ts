import { hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches } from './one-time-code';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';

describe('one-time codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newOneTimeCode()).toMatch(/^\d{6}$/);
  });

  it('are stored salted and never as themselves', () => {
    const first = hashOneTimeCode('123456');
    const second = hashOneTimeCode('123456');
    expect(first).not.toContain('123456');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^hs256\$[\w-]+\$[0-9a-f]{64}$/);
  });

  it('match only the code they were made from', () => {
    const stored = hashOneTimeCode('004217');
    expect(oneTimeCodeMatches('004217', stored)).toBe(true);
    expect(oneTimeCodeMatches('4217', stored)).toBe(false);
    expect(oneTimeCodeMatches('004218', stored)).toBe(false);
  });

  it('never match a malformed stored value', () => {
    expect(oneTimeCodeMatches('123456', '')).toBe(false);
    expect(oneTimeCodeMatches('123456', 'hs256$salt$abc')).toBe(false);
    expect(oneTimeCodeMatches('123456', 'md5$salt$00')).toBe(false);
  });
});

describe('opaque tokens', () => {
  it('are random and stored as their SHA-256 only', () => {
    const a = newOpaqueToken();
    const b = newOpaqueToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[\w-]{43}$/);
    expect(a.hash).toBe(hashOpaqueToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
