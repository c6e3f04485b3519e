import { createServer, type Server } from 'node:http';
import { readMailbox } from '@jibs/mailer';

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

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
            `<article><h2>${escape(mail.subject)}</h2><p><b>To:</b> ${escape(mail.to)} · <b>Sent:</b> ${escape(mail.sentAt)}</p><pre>${escape(mail.text)}</pre></article>`,
        )
        .join('');
      res.end(
        `<!doctype html><meta charset="utf-8"><title>JIBS local mailbox</title><style>body{font:15px system-ui;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style><h1>Local mailbox</h1>${items || '<p>No messages yet.</p>'}`,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
