import { createServer, type Server } from 'node:http';
import { readMailbox, type StoredMail } from '@jibs/mailer';

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A mail's body as its reader sees it: the HTML our mailer wrote (its `<html lang dir>` kept, so
 * Arabic and Urdu read right to left; the page's policy runs no script), else the plain text.
 */
function body(mail: StoredMail): string {
  const html = mail.html
    ? /<html([^>]*)>[\s\S]*?<body[^>]*>([\s\S]*)<\/body>/i.exec(mail.html)
    : null;
  if (!html) return `<pre>${escape(mail.text)}</pre>`;
  const lang = /\blang="([\w-]+)"/.exec(html[1]!)?.[1] ?? 'en';
  const dir = /\bdir="(rtl|ltr)"/.exec(html[1]!)?.[1] ?? 'ltr';
  return `<div class="mail" lang="${escape(lang)}" dir="${dir}">${html[2]}</div>`;
}

/** The local mailbox as a page (and JSON at /api/messages), for developers and e2e tests. */
export async function startMailboxPage(directory: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    void readMailbox(directory).then((mails) => {
      if (req.url?.startsWith('/api/messages')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(mails));
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      const items = mails
        .map(
          (mail) =>
            `<article><h2 dir="auto">${escape(mail.subject)}</h2><p><b>To:</b> ${escape(mail.to)} · <b>Sent:</b> ${escape(mail.sentAt)}</p>${body(mail)}</article>`,
        )
        .join('');
      res.end(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>JIBS local mailbox</title><style>body{font:15px system-ui;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}.mail{border-inline-start:3px solid #ddd;padding-inline-start:1rem;font-family:system-ui,'Noto Naskh Arabic','Noto Nastaliq Urdu',sans-serif}</style><h1>Local mailbox</h1>${items || '<p>No messages yet.</p>'}`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
