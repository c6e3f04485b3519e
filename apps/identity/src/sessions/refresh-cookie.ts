import type { Request, Response } from 'express';

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
}

export function clearRefreshCookie(res: Response | undefined, secure: boolean): void {
  res?.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/graphql',
  });
}
