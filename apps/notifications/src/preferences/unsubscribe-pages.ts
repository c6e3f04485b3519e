import express, { type Express, type Request, type Response } from 'express';
import type { NotificationKind } from '@jibs/domain';
import { directionOf, negotiateLocale, t } from '@jibs/i18n';
import type { MemberLanguage } from '../languages/member-languages';
import { messagesOf } from '../languages/message-text';
import type { NotificationPreferencesService } from './notification-preferences.service';
import { UNSUBSCRIBE_PATH, type UnsubscribeTokens } from './unsubscribe-token';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** libs/i18n's `UnsubscribePages` catalogue. */
const say = messagesOf('UnsubscribePages');

const KINDS = {
  payments: 'kindPayments',
  reports_documents: 'kindReportsDocuments',
  janazah: 'kindJanazah',
  memorials: 'kindMemorials',
  reminders: 'kindReminders',
} as const satisfies Record<NotificationKind, string>;

function page(
  res: Response,
  lang: MemberLanguage,
  status: number,
  title: string,
  body: string,
): void {
  // No script, no outside resource; the form posts back here only.
  res.setHeader(
    'content-security-policy',
    "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  res.setHeader('cache-control', 'no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="${lang.language}" dir="${directionOf(lang.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`,
    );
}

const tokenOf = (req: Request): unknown =>
  (req.query.token as unknown) ?? (req.body as { token?: unknown } | undefined)?.token;

/** A link nobody can be read from: the browser's language. */
const browserLanguage = (req: Request): MemberLanguage => ({
  language: negotiateLocale(req.acceptsLanguages()),
  showHijri: false,
});

function invalid(req: Request, res: Response): void {
  const lang = browserLanguage(req);
  // The product's message (libs/domain PreferenceMessages), in the reader's language.
  const message = t(lang.language, 'PreferenceMessages', 'unsubscribeInvalid');
  page(res, lang, 400, say(lang, 'invalidTitle'), `<p>${escape(message)}.</p>`);
}

/**
 * One-click unsubscribe, no sign-in: GET shows what the link will stop and a button (mail
 * scanners follow GETs, so a GET changes nothing); POST (the button, or a mail client's
 * RFC 8058 one-click POST) turns email off for that kind. A tampered or unknown token: 400.
 * The pages speak the member's language (the browser's when the link names nobody).
 */
export function mountUnsubscribePages(
  app: Express,
  deps: () => {
    tokens: UnsubscribeTokens;
    preferences: NotificationPreferencesService;
    languageOf: (userId: string) => Promise<MemberLanguage>;
  },
): void {
  app.get(UNSUBSCRIBE_PATH, async (req, res, next) => {
    try {
      const token = tokenOf(req);
      const target = deps().tokens.verify(token);
      if (!target) {
        invalid(req, res);
        return;
      }
      const lang = await deps().languageOf(target.userId);
      const kind = `<strong>${escape(say(lang, KINDS[target.kind]))}</strong>`;
      page(
        res,
        lang,
        200,
        say(lang, 'title'),
        `<p>${say(lang, 'question', { kind: '\uE000' }).split('\uE000').map(escape).join(kind)}</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(token))}"><button type="submit">${escape(say(lang, 'button'))}</button></form>`,
      );
    } catch (error) {
      next(error);
    }
  });
  app.post(
    UNSUBSCRIBE_PATH,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res, next) => {
      try {
        const target = deps().tokens.verify(tokenOf(req));
        if (!target) {
          invalid(req, res);
          return;
        }
        await deps().preferences.unsubscribe(target.userId, target.kind);
        const lang = await deps().languageOf(target.userId);
        const kind = `<strong>${escape(say(lang, KINDS[target.kind]))}</strong>`;
        page(
          res,
          lang,
          200,
          say(lang, 'doneTitle'),
          `<p>${say(lang, 'done', { kind: '\uE000' }).split('\uE000').map(escape).join(kind)}</p>`,
        );
      } catch (error) {
        next(error);
      }
    },
  );
}
