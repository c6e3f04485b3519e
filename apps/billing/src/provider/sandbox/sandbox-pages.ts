import { randomBytes } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import {
  directionOf,
  loadCatalogue,
  numberFormats,
  requestLocale,
  t,
  type Locale,
} from '@jibs/i18n';
import type { CheckoutLineItem } from '../payment-provider';
import type { SandboxPaymentProvider, SandboxSession } from './sandbox-payment-provider';
import { SandboxPaymentProvider as Sandbox } from './sandbox-payment-provider';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The checkout-session id placeholder Stripe fills in the success and cancel URLs. */
export function withSessionId(url: string, sessionId: string): string {
  return url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f8fa;color:#1f2933}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#616e7c;font-size:.9rem}
.total{font-size:2rem;font-weight:600;margin:16px 0}
ul{list-style:none;padding:0;margin:0 0 24px;border-top:1px solid #e4e7eb}
li{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #e4e7eb}
label{display:block;font-weight:500;margin-bottom:6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;font-size:1rem;border:1px solid #cbd2d9;border-radius:6px}
button{width:100%;padding:12px;margin-top:16px;font-size:1rem;border-radius:6px;border:0;cursor:pointer}
.pay{background:#2f6f4f;color:#fff}.cancel{background:transparent;color:#52606d;border:1px solid #cbd2d9}
.error{background:#fde8e8;color:#9b1c1c;padding:10px 12px;border-radius:6px;margin-bottom:16px}
.note{background:#eef2f7;padding:10px 12px;border-radius:6px;margin-top:24px;font-size:.85rem}
`;

/** The page's language, as Stripe's page follows the reader's (libs/i18n requestLocale). */
async function pageLocale(req: Request): Promise<Locale> {
  const locale = requestLocale(req.headers.cookie, req.headers['accept-language']);
  await loadCatalogue(locale);
  return locale;
}

type Words = (key: string, params?: Record<string, string>) => string;

const wordsIn =
  (locale: Locale): Words =>
  (key, params) =>
    t(locale, 'SandboxCheckoutMessages', key, params);

/** A line as the reader reads it: billing's English label is what Stripe shows. */
function lineLabel(locale: Locale, item: CheckoutLineItem): string {
  if (item.kind === 'registration') return t(locale, 'BillingNotifications', 'purposeRegistration');
  if (item.kind === 'dues') return wordsIn(locale)('monthlyMembership');
  if (item.kind === 'member' && item.relationship) {
    const relationship = t(locale, 'HouseholdPageMessages', item.relationship);
    return item.name
      ? t(locale, 'RegistrationWizardMessages', 'memberFeeLine', { relationship, name: item.name })
      : relationship;
  }
  return item.label;
}

function send(
  res: Response,
  locale: Locale,
  status: number,
  title: string,
  body: string,
  formTargets: string[],
) {
  const nonce = randomBytes(16).toString('base64');
  // The page's own strict policy: nothing but its inline style, forms only back here or to
  // where the checkout returns (form-action also governs the redirect after the post).
  res.setHeader(
    'content-security-policy',
    [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `form-action 'self' ${formTargets.join(' ')}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

function checkoutPage(locale: Locale, session: SandboxSession, message?: string): string {
  const say = wordsIn(locale);
  const money = (cents: number) => escape(numberFormats(locale).money(cents, session.currency));
  const items = session.lineItems
    .map(
      (item) =>
        `<li><span>${escape(lineLabel(locale, item))}</span><span>${money(item.amount)}</span></li>`,
    )
    .join('');
  const per = session.mode === 'subscription' ? ` ${escape(say('perMonth'))}` : '';
  return `
<h1>${escape(say('title'))}</h1>
<p class="muted">${escape(say('sandboxNote'))}</p>
<div class="total">${money(session.amountTotal)}<span class="muted">${per}</span></div>
<ul>${items}</ul>
${message ? `<div class="error" role="alert">${escape(message)}</div>` : ''}
<form method="post" action="${escape(session.id)}">
  <input type="hidden" name="k" value="${escape(session.secret)}">
  <input type="hidden" name="action" value="pay">
  <label for="card">${escape(say('cardNumber'))}</label>
  <input id="card" name="card" dir="ltr" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
  <button class="pay" type="submit">${escape(say('pay', { amount: numberFormats(locale).money(session.amountTotal, session.currency) }))}</button>
</form>
<form method="post" action="${escape(session.id)}">
  <input type="hidden" name="k" value="${escape(session.secret)}">
  <input type="hidden" name="action" value="cancel">
  <button class="cancel" type="submit">${escape(t(locale, 'CommonWords', 'cancel'))}</button>
</form>
<p class="note">${escape(say('testCards'))}</p>`;
}

const originOf = (url: string) => new URL(url).origin;

const notFound = (res: Response, locale: Locale) => {
  const say = wordsIn(locale);
  send(res, locale, 404, say('notFoundTitle'), `<h1>${escape(say('notFound'))}</h1>`, []);
};
const expired = (res: Response, locale: Locale) => {
  const say = wordsIn(locale);
  send(
    res,
    locale,
    410,
    say('expiredTitle'),
    `<h1>${escape(say('expired'))}</h1><p class="muted">${escape(say('expiredBody'))}</p>`,
    [],
  );
};

/** GET/POST /sandbox/checkout/:id and GET /sandbox/portal: the sandbox provider's pages. */
export function mountSandboxPages(app: Express, provider: () => SandboxPaymentProvider): void {
  app.get('/sandbox/checkout/:id', async (req, res, next) => {
    try {
      const locale = await pageLocale(req);
      const session = await provider().session(String(req.params['id']));
      // Without the page's secret a checkout is not found: its id alone opens nothing.
      if (!session || !Sandbox.secretMatches(session, req.query['k'])) return notFound(res, locale);
      if (session.status === 'expired') return expired(res, locale);
      if (session.status === 'complete')
        return res.redirect(303, withSessionId(session.successUrl, session.id));
      send(res, locale, 200, wordsIn(locale)('title'), checkoutPage(locale, session), [
        originOf(session.successUrl),
        originOf(session.cancelUrl),
      ]);
    } catch (error) {
      next(error);
    }
  });

  app.post(
    '/sandbox/checkout/:id',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req, res, next) => {
      try {
        const locale = await pageLocale(req);
        const sandbox = provider();
        const session = await sandbox.session(String(req.params['id']));
        const body = (req.body ?? {}) as Record<string, string | undefined>;
        if (!session || !Sandbox.secretMatches(session, body['k'])) return notFound(res, locale);
        if (session.status === 'expired') return expired(res, locale);
        const targets = [originOf(session.successUrl), originOf(session.cancelUrl)];
        if (session.status === 'complete')
          return res.redirect(303, withSessionId(session.successUrl, session.id));
        if (body['action'] === 'cancel')
          return res.redirect(303, withSessionId(session.cancelUrl, session.id));
        const outcome = await sandbox.pay(session, String(body['card'] ?? ''));
        if (outcome === 'paid')
          return res.redirect(303, withSessionId(session.successUrl, session.id));
        if (outcome === 'expired') return expired(res, locale);
        const say = wordsIn(locale);
        const message = outcome === 'declined' ? say('declined') : say('useTestCard');
        send(res, locale, 402, say('title'), checkoutPage(locale, session, message), targets);
      } catch (error) {
        next(error);
      }
    },
  );

  app.get('/sandbox/portal', async (req, res, next) => {
    try {
      const locale = await pageLocale(req);
      const say = wordsIn(locale);
      // Only back to the app's own origin: never an open redirect to someone else's page.
      const safeReturn = provider().safeReturnUrl(String(req.query['return_url'] ?? ''));
      send(
        res,
        locale,
        200,
        say('portalTitle'),
        `<h1>${escape(say('portalTitle'))}</h1><p class="muted">${escape(say('portalBody'))}</p><p><a href="${escape(safeReturn)}">${escape(say('portalReturn'))}</a></p>`,
        [],
      );
    } catch (error) {
      next(error);
    }
  });
}
