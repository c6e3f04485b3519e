import type { Request, Response } from 'express';
import { SESSION_HINT_COOKIE } from '@jibs/domain';

/** The refresh token travels only in this httpOnly cookie, scoped to the GraphQL endpoint. */
export const REFRESH_COOKIE = 'jibs_refresh';

export function readRefreshCookie(req: Request | undefined): string | undefined {
  const header = req?.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFRESH_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function setRefreshCookie(
  res: Response | undefined,
  token: string,
  expires: Date,
  secure: boolean,
): void {
  res?.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/graphql',
    expires,
  });
  // Readable by the page (only "a session to restore", never the token): see SESSION_HINT_COOKIE.
  res?.cookie(SESSION_HINT_COOKIE, '1', { secure, sameSite: 'strict', path: '/', expires });
}

export function clearRefreshCookie(res: Response | undefined, secure: boolean): void {
  res?.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/graphql',
  });
  res?.clearCookie(SESSION_HINT_COOKIE, { secure, sameSite: 'strict', path: '/' });
}
