import express, { type Express, type Request, type Response } from 'express';
import { NOTIFICATION_KIND_LABELS, PreferenceMessages } from '@jibs/domain';
import type { NotificationPreferencesService } from './notification-preferences.service';
import { UNSUBSCRIBE_PATH, type UnsubscribeTokens } from './unsubscribe-token';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function page(res: Response, status: number, title: string, body: string): void {
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
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`,
    );
}

const tokenOf = (req: Request): unknown =>
  (req.query.token as unknown) ?? (req.body as { token?: unknown } | undefined)?.token;

/**
 * One-click unsubscribe, no sign-in: GET shows what the link will stop and a button (mail
 * scanners follow GETs, so a GET changes nothing); POST (the button, or a mail client's
 * RFC 8058 one-click POST) turns email off for that kind. A tampered or unknown token: 400.
 */
export function mountUnsubscribePages(
  app: Express,
  deps: () => { tokens: UnsubscribeTokens; preferences: NotificationPreferencesService },
): void {
  app.get(UNSUBSCRIBE_PATH, (req, res) => {
    const token = tokenOf(req);
    const target = deps().tokens.verify(token);
    if (!target) {
      page(res, 400, 'Link not valid', `<p>${escape(PreferenceMessages.unsubscribeInvalid)}.</p>`);
      return;
    }
    const label = NOTIFICATION_KIND_LABELS[target.kind];
    page(
      res,
      200,
      'Unsubscribe',
      `<p>Stop emails about <strong>${escape(label)}</strong>? You will still see them in the bell when you sign in.</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(token))}"><button type="submit">Unsubscribe</button></form>`,
    );
  });
  app.post(
    UNSUBSCRIBE_PATH,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res, next) => {
      try {
        const target = deps().tokens.verify(tokenOf(req));
        if (!target) {
          page(
            res,
            400,
            'Link not valid',
            `<p>${escape(PreferenceMessages.unsubscribeInvalid)}.</p>`,
          );
          return;
        }
        await deps().preferences.unsubscribe(target.userId, target.kind);
        page(
          res,
          200,
          'Unsubscribed',
          `<p>You will no longer receive emails about <strong>${escape(NOTIFICATION_KIND_LABELS[target.kind])}</strong>. You can change this on your profile.</p>`,
        );
      } catch (error) {
        next(error);
      }
    },
  );
}
