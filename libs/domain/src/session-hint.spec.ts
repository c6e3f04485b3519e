import { hasSessionHint, SESSION_HINT_COOKIE } from './session-hint';

describe('the session hint in document.cookie', () => {
  it.each([
    [`${SESSION_HINT_COOKIE}=1`, true],
    [`theme=dark; ${SESSION_HINT_COOKIE}=1; lang=ar`, true],
    ['', false],
    ['theme=dark', false],
    [`${SESSION_HINT_COOKIE}=0`, false],
    [`${SESSION_HINT_COOKIE}=`, false],
    [`x${SESSION_HINT_COOKIE}=1`, false],
    [`${SESSION_HINT_COOKIE}=11`, false],
  ])('%p: %p', (cookies, expected) => {
    expect(hasSessionHint(cookies)).toBe(expected);
  });
});
