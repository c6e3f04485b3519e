import { DashboardMessages, MemberDashboardMessages } from '@jibs/domain';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import {
  SessionProvider,
  setLocale,
  type SessionHandle,
  type SessionState,
  type SessionUser,
} from '@jibs/web-data';
import { DashboardPage } from './dashboard-page';

const member: SessionState = {
  status: 'signed-in',
  user: {
    firstName: 'Amina',
    createdAt: '2026-01-15T10:00:00.000Z',
    registrationFeePaid: true,
    membershipStatus: 'ACTIVE',
  } as SessionUser,
  membership: 'loaded',
};

/**
 * The page's first render, before any lazy part is in: what a member sees while the figures'
 * chunk (with Apollo's query hook) still loads, the cards' loaders in its place. (Which chunks
 * the first load fetches is checked on the build: `npm run check:web-budgets`.)
 */
function firstRender(session: SessionState): string {
  const manager = {
    getState: () => session,
    subscribe: () => () => undefined,
  } as unknown as SessionHandle;
  return renderToString(
    <MantineProvider>
      <SessionProvider manager={manager}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
}

describe("the dashboard's first render", () => {
  afterEach(() => setLocale('en', { remember: false }));

  it('shows the heading, the shortcuts and the membership, and each figure as its loader', () => {
    const html = firstRender(member);
    expect(html).toContain(DashboardMessages.welcome('Amina'));
    expect(html).toContain('data-testid="member-since"');
    expect(html).toContain(MemberDashboardMessages.memberSince('').trim());
    expect(html).toContain(DashboardMessages.submitDeathReport);
    expect(html).toContain(DashboardMessages.membershipActive);
    for (const label of [
      DashboardMessages.deathReports,
      DashboardMessages.pendingReviews,
      DashboardMessages.totalPayments,
      DashboardMessages.monthlyDues,
    ]) {
      expect(html).toContain(DashboardMessages.loading(label));
    }
    expect(html.match(/role="status"/g)).toHaveLength(4);
  });

  it("reads in the member's language, loaders included", async () => {
    await setLocale('ar', { remember: false });
    const html = firstRender(member);
    expect(html).not.toContain(DashboardMessages.welcome('Amina'));
    expect(html).toContain('Amina');
    expect(html).not.toContain(DashboardMessages.loading(DashboardMessages.deathReports));
    expect(html.match(/role="status"/g)).toHaveLength(4);
  });
});
