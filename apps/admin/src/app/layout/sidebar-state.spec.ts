import { readSidebarOpen, SIDEBAR_COOKIE, sidebarCookie } from './sidebar-state';

describe('sidebar state cookie', () => {
  it('is expanded when nothing was saved', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('other=1; theme=dark')).toBe(true);
  });

  it('reads a saved state among other cookies', () => {
    expect(readSidebarOpen(`a=1; ${SIDEBAR_COOKIE}=false; b=2`)).toBe(false);
    expect(readSidebarOpen(`${SIDEBAR_COOKIE}=true`)).toBe(true);
  });

  it('is kept for 7 days under /admin', () => {
    const cookie = sidebarCookie(false);
    expect(cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    expect(cookie).toContain('max-age=604800');
    expect(cookie).toContain('path=/admin');
    expect(readSidebarOpen(cookie.split(';')[0]!)).toBe(false);
  });
});
