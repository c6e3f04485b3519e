import {
  getLanguageState,
  noteReaderChoice,
  setLocale,
  setShowHijri,
  takeReaderChoice,
} from './language-store';
import { choicesToApply, followMemberChoice, type StoredLanguageChoice } from './member-language';

describe('choicesToApply', () => {
  const english = { locale: 'en', hijri: false } as const;

  it("applies the profile's language and Hijri choice over the page's (the cookie's)", () => {
    expect(choicesToApply({ language: 'ar', showHijri: true }, english)).toEqual({
      locale: 'ar',
      hijri: true,
    });
    expect(
      choicesToApply({ language: 'en', showHijri: false }, { locale: 'ur', hijri: true }),
    ).toEqual({
      locale: 'en',
      hijri: false,
    });
  });

  it('changes nothing the page already shows', () => {
    expect(
      choicesToApply({ language: 'ar', showHijri: true }, { locale: 'ar', hijri: true }),
    ).toEqual({});
  });

  it('leaves the page as it is for a choice the profile does not hold or does not know', () => {
    expect(choicesToApply({ language: null, showHijri: null }, english)).toEqual({});
    expect(choicesToApply({}, { locale: 'ur', hijri: true })).toEqual({});
    expect(choicesToApply({ language: 'fr', showHijri: true }, english)).toEqual({ hijri: true });
  });
});

/** A session whose member the test signs in and out, recording what is saved on the profile. */
function aSession() {
  let user: ({ id: string } & StoredLanguageChoice) | null = null;
  const listeners = new Set<() => void>();
  const saved: { language?: string; showHijri?: boolean }[] = [];
  return {
    saved,
    getState: () => ({ user }),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveLanguageChoice: async (input: { language?: string; showHijri?: boolean }) => {
      saved.push(input);
      return true;
    },
    become(next: typeof user) {
      user = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Lets the settling's promise chain run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followMemberChoice', () => {
  beforeEach(async () => {
    takeReaderChoice();
    await setLocale('en', { remember: false });
    setShowHijri(false);
  });

  it("applies the profile's choices when the reader made none on the page", async () => {
    const session = aSession();
    const stop = followMemberChoice(session);
    session.become({ id: 'u1', language: 'en', showHijri: true });
    await settled();
    expect(getLanguageState().hijri).toBe(true);
    expect(session.saved).toEqual([]);
    stop();
  });

  it('keeps a switch the reader made while the session was restoring, and stores it on the profile', async () => {
    const session = aSession();
    const stop = followMemberChoice(session);
    // The profile says Arabic with Hijri dates; the reader chose English and no Hijri dates on
    // this page before the restore ended.
    noteReaderChoice({ locale: 'en' });
    noteReaderChoice({ hijri: false });
    session.become({ id: 'u1', language: 'ar', showHijri: true });
    await settled();
    expect(getLanguageState()).toMatchObject({ locale: 'en', hijri: false });
    expect(session.saved).toEqual([{ language: 'en', showHijri: false }]);
    stop();
  });

  it("does not carry a member's switch to the next member, nor apply a renewal's answer twice", async () => {
    const session = aSession();
    const stop = followMemberChoice(session);
    session.become({ id: 'u1', language: 'en', showHijri: false });
    await settled();
    // Signed in, the header stores a switch itself; a renewal of the same member changes nothing.
    noteReaderChoice({ hijri: true });
    setShowHijri(true);
    session.become({ id: 'u1', language: 'en', showHijri: false });
    await settled();
    expect(getLanguageState().hijri).toBe(true);
    noteReaderChoice({ hijri: true });
    session.become(null);
    session.become({ id: 'u2', language: 'en', showHijri: false });
    await settled();
    // The next member's profile applies: the previous member's switch was theirs.
    expect(getLanguageState().hijri).toBe(false);
    expect(session.saved).toEqual([]);
    stop();
  });
});
