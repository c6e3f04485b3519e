/** The admin sidebar's open/closed state, kept in a cookie for 7 days (spec: Admin layout). */
export const SIDEBAR_COOKIE = 'admin_sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Whether the sidebar is expanded, from a `document.cookie` string; expanded by default. */
export function readSidebarOpen(cookies: string): boolean {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value.join('=') !== 'false';
  }
  return true;
}

/** The `document.cookie` assignment that remembers the state for 7 days, for /admin only. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/admin; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
