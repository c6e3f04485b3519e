import { PRERENDERED_STYLES_ID } from '@jibs/domain';
import {
  parsePrerenderedTable,
  prerenderedPageOf,
  withPrerendered,
  type PrerenderedTable,
} from './prerendered-pages';
import { CSP_NONCE_PLACEHOLDER } from './security-headers';

const TABLE: PrerenderedTable = {
  locales: ['en', 'ar', 'ur'],
  pages: { '/': 'index', '/login': 'login' },
};

function request(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return { method, path, originalUrl: path, headers };
}

describe("the build's table of prerendered pages", () => {
  it('reads the pages and languages the build wrote', () => {
    expect(parsePrerenderedTable(JSON.stringify(TABLE))).toEqual(TABLE);
  });

  it('drops a language JIBS does not speak, and a page whose file name or path is not its own', () => {
    const table = parsePrerenderedTable(
      JSON.stringify({
        locales: ['en', 'fr', '../x'],
        pages: { '/': 'index', '/a': '../../etc/passwd', b: 'b', '/c': 7, '/d': 'D-1' },
      }),
    );
    expect(table).toEqual({ locales: ['en'], pages: { '/': 'index' } });
  });

  it.each(['', 'not json', 'null', '[]', '{"locales":["en"],"pages":{}}', '{"pages":{"/":"a"}}'])(
    'has no page for %p (an older build, or a damaged file)',
    (text) => {
      expect(parsePrerenderedTable(text)).toBeNull();
    },
  );
});

describe('which prerendered page a request gets', () => {
  it("gives a visitor the page in their browser's language, or the one they chose", () => {
    expect(prerenderedPageOf(TABLE, request('/login'))).toEqual({
      locale: 'en',
      markupFile: '.vite/prerendered/en/login.html',
      stylesFile: '.vite/prerendered/en/login.css',
    });
    expect(prerenderedPageOf(TABLE, request('/', { 'accept-language': 'ar-EG,en;q=0.5' }))).toEqual(
      expect.objectContaining({ locale: 'ar', markupFile: '.vite/prerendered/ar/index.html' }),
    );
    expect(
      prerenderedPageOf(TABLE, request('/', { 'accept-language': 'ar', cookie: 'lang=ur' })),
    ).toEqual(expect.objectContaining({ locale: 'ur' }));
    expect(prerenderedPageOf(TABLE, request('/login', {}, 'HEAD'))?.locale).toBe('en');
  });

  it.each([
    ['a member (the session hint)', request('/login', { cookie: 'lang=ar; jibs_session=1' })],
    ['a reader who shows the Hijri dates', request('/login', { cookie: 'hijri=1' })],
    [
      'a page opened with a query',
      { ...request('/login'), originalUrl: '/login?from=%2Fdashboard' },
    ],
    ['a POST', request('/login', {}, 'POST')],
    ['a path the build did not render', request('/dashboard')],
    ['another spelling of a path', request('/Login')],
    ["a name from the object's prototype", request('/__proto__')],
  ])('gives none to %s', (_, req) => {
    expect(prerenderedPageOf(TABLE, req)).toBeNull();
  });

  it('gives none in a language the build did not render, and none without a table', () => {
    const englishOnly = { ...TABLE, locales: ['en'] as PrerenderedTable['locales'] };
    expect(prerenderedPageOf(englishOnly, request('/', { cookie: 'lang=ar' }))).toBeNull();
    expect(prerenderedPageOf(null, request('/'))).toBeNull();
  });
});

describe('a page carrying its prerendered markup', () => {
  const INDEX =
    '<!doctype html>\n<html lang="en" data-mantine-color-scheme="light">\n<head>\n' +
    '<link rel="stylesheet" href="/assets/first-page-1.css">\n</head>\n' +
    '<body><div id="root"></div></body></html>';

  it("puts the markup in the root, inert and marked with its language, the page's language and direction on <html>, and its styles in the head", () => {
    const page = withPrerendered(
      INDEX,
      { markup: '<main data-ps="0">مرحبا</main>', css: '[data-ps="0"]{--gap:1rem}' },
      'ar',
      ['/assets/login-page-1.css'],
    );
    expect(page).toContain('<html lang="ar" dir="rtl" data-mantine-color-scheme="light">');
    expect(page).toContain(
      '<div id="root" data-prerendered="ar" inert><main data-ps="0">مرحبا</main></div>',
    );
    expect(page).toContain(
      `<link rel="stylesheet" crossorigin href="/assets/login-page-1.css" nonce="${CSP_NONCE_PLACEHOLDER}">`,
    );
    expect(page).toContain(
      `<style id="${PRERENDERED_STYLES_ID}" nonce="${CSP_NONCE_PLACEHOLDER}">[data-ps="0"]{--gap:1rem}</style>\n</head>`,
    );
    // The route's stylesheets come after the first page's, as the app would add them.
    expect(page.indexOf('login-page-1.css')).toBeGreaterThan(page.indexOf('first-page-1.css'));
  });

  it('takes the markup as it is, `$` patterns included', () => {
    const page = withPrerendered(INDEX, { markup: "<p>$& $' $1</p>", css: '' }, 'en', []);
    expect(page).toContain('<div id="root" data-prerendered="en" inert><p>$& $\' $1</p></div>');
  });

  it('writes no stylesheet that is not an asset path, and no rule that could end its element', () => {
    const page = withPrerendered(
      INDEX,
      { markup: '', css: '[data-ps="0"]{color:red}</style><script>alert(1)</script>' },
      'en',
      ['/assets/ok.css', '"><script>alert(1)</script>', 'https://elsewhere.example/x.css'],
    );
    expect(page).toContain('href="/assets/ok.css"');
    expect(page).not.toContain('elsewhere.example');
    expect(page).not.toContain('<script>');
  });
});
