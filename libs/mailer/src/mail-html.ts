import { directionOf, type Locale } from '@jibs/i18n';
import type { MailMessage } from './mailer';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** A paragraph's text, escaped, its links clickable and kept left to right inside RTL text. */
function paragraph(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escape(text.slice(last, match.index));
    html += `<a href="${escape(url)}" dir="ltr">${escape(url)}</a>`;
    last = match.index + url.length;
  }
  html += escape(text.slice(last));
  // Spaces kept: a receipt's lines line up as in the plain text.
  return `<p style="white-space:pre-wrap">${html.replace(/\n/g, '<br>')}</p>`;
}

/**
 * The HTML twin of a plain-text mail in its language: `<html lang dir>` so that mail clients
 * (and the local mailbox) lay Arabic and Urdu out right to left. No script, no outside resource.
 */
export function mailHtml(text: string, language: Locale): string {
  const dir = directionOf(language);
  const body = text
    .split(/\n{2,}/)
    .filter((part) => part.trim())
    .map(paragraph)
    .join('');
  return `<!doctype html><html lang="${escape(language)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:system-ui,'Segoe UI',Tahoma,'Noto Naskh Arabic','Noto Nastaliq Urdu',sans-serif;line-height:1.6;text-align:start">${body}</body></html>`;
}

/** A message with its HTML twin in `language`. */
export function inLanguage<M extends MailMessage>(message: M, language: Locale): M {
  return { ...message, html: mailHtml(message.text, language) };
}
