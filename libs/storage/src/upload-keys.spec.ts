import { makeIncomingKey, makeStoredKey, parseIncomingKey } from './upload-keys';

const now = new Date('2026-11-24T01:00:00.000Z');

describe('upload keys', () => {
  it('makes incoming/{owner}/{timestamp}-{random}.{ext} with the extension of the content type', () => {
    expect(makeIncomingKey('user-1', 'pdf', now, '0123456789abcdef')).toBe(
      'incoming/user-1/1795482000000-0123456789abcdef.pdf',
    );
    expect(makeIncomingKey('user-1', 'jpeg', now, '0123456789abcdef')).toMatch(/\.jpg$/);
  });

  it('makes a different random part every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => makeIncomingKey('u', 'png', now)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^incoming\/u\/1795482000000-[0-9a-f]{16}\.png$/);
  });

  it('refuses an owner id that could leave its prefix', () => {
    for (const ownerId of ['', 'a/b', '..', 'a b', 'x'.repeat(129)]) {
      expect(() => makeIncomingKey(ownerId, 'pdf', now)).toThrow(TypeError);
    }
  });

  it("parses only the owner's keys of the shape it makes", () => {
    const key = makeIncomingKey('user-1', 'pdf', now, '0123456789abcdef');
    expect(parseIncomingKey(key, 'user-1')).toEqual({
      ok: true,
      name: '1795482000000-0123456789abcdef.pdf',
      declaredType: 'pdf',
    });
    expect(parseIncomingKey(makeIncomingKey('user-1', 'jpeg', now), 'user-1')).toMatchObject({
      declaredType: 'jpeg',
    });
    expect(parseIncomingKey(key, 'user-10')).toEqual({ ok: false, owned: false });
    expect(parseIncomingKey(key, 'user')).toEqual({ ok: false, owned: false });
    expect(parseIncomingKey('user-1/1795482000000-0123456789abcdef.pdf', 'user-1')).toEqual({
      ok: false,
      owned: false,
    });
    for (const name of [
      '../user-2/1795482000000-0123456789abcdef.pdf',
      '1795482000000-0123456789abcdef.exe',
      '1795482000000-0123456789ABCDEF.pdf',
      'sub/1795482000000-0123456789abcdef.pdf',
    ]) {
      expect(parseIncomingKey(`incoming/user-1/${name}`, 'user-1')).toEqual({
        ok: false,
        owned: true,
      });
    }
  });

  it('stores under {owner}/{timestamp}-{random}.{ext}, random again for every confirmation', () => {
    expect(makeStoredKey('user-1', 'png', now, '0123456789abcdef')).toBe(
      'user-1/1795482000000-0123456789abcdef.png',
    );
    const keys = new Set(Array.from({ length: 50 }, () => makeStoredKey('u', 'jpeg', now)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^u\/1795482000000-[0-9a-f]{16}\.jpg$/);
    expect(() => makeStoredKey('../u', 'pdf', now)).toThrow(TypeError);
  });
});
