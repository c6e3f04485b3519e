import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';

/** Who the caller is, as HTTP instrumentations record it: a member's address and browser. */
const DROPPED = new Set([
  'http.client_ip',
  'client.address',
  'net.peer.ip',
  'net.sock.peer.addr',
  'network.peer.address',
  'http.user_agent',
  'user_agent.original',
  'url.query',
]);

/** Attributes holding a URL or a path: kept without the query string, which may carry variables. */
const URLS = new Set(['http.url', 'http.target', 'url.full', 'http.route', 'url.path']);

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A JWT (access or refresh token) or any bearer credential. */
const TOKEN = /\beyJ[\w-]+\.[\w-]+\.[\w-]*|\bBearer\s+\S+/g;

const REDACTED = '[redacted]';

/** A value with emails and tokens replaced, so a statement or an error keeps its shape. */
function privateText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(TOKEN, REDACTED);
}

function privateValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') {
    return privateText(URLS.has(key) ? (value.split(/[?#]/, 1)[0] ?? '') : value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? privateText(item) : item)) as
      string[] | (string | null | undefined)[];
  }
  return value;
}

/**
 * A span's attributes without personal data: no caller address or user agent, no URL query
 * strings (GET /graphql carries the query's variables there), and no email address or token
 * anywhere (a SQL literal, an error message).
 */
export function privateAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.has(key) || value === undefined) continue;
    kept[key] = privateValue(key, value);
  }
  return kept;
}

/** The span as exported: the same span with privateAttributes on it and on its events. */
export function privateSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    attributes: { value: privateAttributes(span.attributes) },
    events: {
      value: span.events.map((event) => ({
        ...event,
        ...(event.attributes ? { attributes: privateAttributes(event.attributes) } : {}),
      })),
    },
    status: {
      value: span.status.message
        ? { ...span.status, message: privateText(span.status.message) }
        : span.status,
    },
  }) as ReadableSpan;
}

/**
 * Every span passes through here on its way out, whatever instrumentation made it, so no
 * personal data reaches the trace store (see privateAttributes).
 */
export class PrivateSpanExporter implements SpanExporter {
  constructor(private readonly next: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.next.export(spans.map(privateSpan), done);
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush?.() ?? Promise.resolve();
  }
}
