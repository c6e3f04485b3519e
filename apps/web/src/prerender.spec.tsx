import { PRERENDERED_PAGES, prerenderPage, withoutNativeSubmission } from './prerender';

describe("the build's prerender of the public pages", () => {
  it.each(Object.keys(PRERENDERED_PAGES))(
    '%s: the whole first view, with nothing left to the browser and no inline style',
    async (path) => {
      const { markup, css } = await prerenderPage(path, 'en');
      expect(markup).toContain('<h1');
      // React marks a Suspense boundary it could not fill with <!--$!-->.
      expect(markup).not.toContain('<!--$!-->');
      expect(markup).not.toMatch(/ style="/);
      expect(css).toMatch(/^\[data-ps="0"\]\{/);
    },
  );

  it("carries nothing from the build's clock: no year, no today's date", async () => {
    const year = String(new Date().getFullYear());
    for (const path of ['/', '/register']) {
      const { markup } = await prerenderPage(path, 'en');
      expect([path, markup.includes(`© ${year}`), /max="\d{4}-\d{2}-\d{2}"/.test(markup)]).toEqual([
        path,
        false,
        false,
      ]);
    }
  });

  it('gives every form of a page the POST method, so no browser sends one with its fields in the address', async () => {
    for (const path of ['/login', '/register']) {
      const { markup } = await prerenderPage(path, 'en');
      const forms = markup.match(/<form[^>]*>/g) ?? [];
      expect([
        path,
        forms.length > 0,
        forms.every((form) => form.includes('method="post"')),
      ]).toEqual([path, true, true]);
    }
    expect(withoutNativeSubmission('<form class="a"><form method="dialog">')).toBe(
      '<form method="post" class="a"><form method="dialog">',
    );
  });

  it("renders each language's page in its words", async () => {
    expect((await prerenderPage('/login', 'ar')).markup).toContain('سجّل الدخول');
    expect((await prerenderPage('/login', 'ur')).markup).toContain('سائن اِن کریں');
    expect((await prerenderPage('/login', 'en')).markup).toContain('Sign in');
  });

  it('shows a visitor the signed-out page: sign-in and registration offered, no member menu', async () => {
    const { markup } = await prerenderPage('/', 'en');
    expect(markup).toContain('href="/login"');
    expect(markup).toContain('href="/register"');
    expect(markup).not.toContain('href="/dashboard"');
  });
});
