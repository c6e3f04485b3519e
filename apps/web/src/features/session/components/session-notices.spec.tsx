import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  SessionProvider,
  setLocale,
  type SessionHandle,
  type SessionState,
  type SessionUser,
} from '@jibs/web-data';
import { RouteGuard } from './route-guards';
import { SessionGate } from './session-gate';

/** The page's HTML once every lazy part is in (as a browser shows it after loading them). */
async function render(session: SessionState, element: ReactNode): Promise<string> {
  const manager = {
    getState: () => session,
    subscribe: () => () => undefined,
  } as unknown as SessionHandle;
  const { prelude } = await prerenderToNodeStream(
    <MantineProvider>
      <SessionProvider manager={manager}>
        <MemoryRouter>{element}</MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const restoring: SessionState = { status: 'loading', user: null, membership: 'loading' };
// Signed in, but billing could not say whether the registration fee was paid.
const billingDown: SessionState = {
  status: 'signed-in',
  user: { registrationFeePaid: null } as SessionUser,
  membership: 'unavailable',
};

const gate = (
  <SessionGate>
    <p>inside</p>
  </SessionGate>
);
const memberPage = (
  <Routes>
    <Route element={<RouteGuard access="registered" />}>
      <Route index element={<p>dashboard</p>} />
    </Route>
  </Routes>
);

describe('the session loader and the membership notice', () => {
  afterEach(() => setLocale('en', { remember: false }));

  it('read in English on an English page', async () => {
    expect(await render(restoring, gate)).toContain('Loading JIBS…');
    const notice = await render(billingDown, memberPage);
    expect(notice).toContain('We could not load your membership');
    expect(notice).toContain('Your membership details are not available right now.');
    expect(notice).toContain('Try again');
    expect(notice).not.toContain('dashboard');
  });

  it('read in Arabic on an Arabic page', async () => {
    await setLocale('ar', { remember: false });
    const loader = await render(restoring, gate);
    expect(loader).toContain('جارٍ تحميل JIBS…');
    expect(loader).not.toContain('Loading');

    const notice = await render(billingDown, memberPage);
    expect(notice).toContain('تعذّر علينا تحميل بيانات عضويتك');
    expect(notice).toContain('تفاصيل عضويتك غير متاحة الآن.');
    expect(notice).toContain('حاول مرة أخرى');
    expect(notice).not.toMatch(/membership|Try again/);
  });

  it('read in Urdu on an Urdu page', async () => {
    await setLocale('ur', { remember: false });
    expect(await render(restoring, gate)).toContain('JIBS لوڈ ہو رہا ہے…');
    const notice = await render(billingDown, memberPage);
    expect(notice).toContain('ہم آپ کی رکنیت کی تفصیلات لوڈ نہیں کر سکے');
    expect(notice).toContain('دوبارہ کوشش کریں');
  });

  it('lets the page through once the session is known', async () => {
    const signedOut: SessionState = { status: 'signed-out', user: null, membership: 'loading' };
    const html = await render(signedOut, gate);
    expect(html).toContain('inside');
    expect(html).not.toContain('Loading JIBS');
  });
});
