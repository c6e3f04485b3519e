/**
 * A cookie beside the httpOnly refresh cookie, with the same lifetime, that the page's script
 * may read: it says only that this browser holds a session to restore (its value is always
 * `1`, no secret). Without it, a visitor's page knows at once that nobody is signed in, instead
 * of asking the server on every first load (a round trip the public pages waited for). Set and
 * cleared by identity with the refresh cookie.
 */
export const SESSION_HINT_COOKIE = 'jibs_session';

/** Whether a `document.cookie` string carries the session hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}
