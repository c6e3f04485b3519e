import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { privateAttributes, PrivateSpanExporter } from './private-span-exporter';

describe('privateAttributes', () => {
  it("drops the caller's address and browser, keeps the rest", () => {
    expect(
      privateAttributes({
        'http.method': 'POST',
        'http.status_code': 200,
        'http.client_ip': '203.0.113.7',
        'net.peer.ip': '203.0.113.7',
        'client.address': '203.0.113.7',
        'network.peer.address': '203.0.113.7',
        'http.user_agent': 'Mozilla/5.0',
        'user_agent.original': 'Mozilla/5.0',
        'net.host.port': 8080,
      }),
    ).toEqual({ 'http.method': 'POST', 'http.status_code': 200, 'net.host.port': 8080 });
  });

  it('keeps URLs and paths without their query string (GET /graphql carries variables there)', () => {
    const query = '?query=mutation&variables=%7B%22password%22%3A%22x%22%7D#top';
    expect(
      privateAttributes({
        'http.url': `http://localhost:8080/graphql${query}`,
        'http.target': `/graphql${query}`,
        'url.full': `http://localhost:8080/graphql${query}`,
        'url.query': query.slice(1),
      }),
    ).toEqual({
      'http.url': 'http://localhost:8080/graphql',
      'http.target': '/graphql',
      'url.full': 'http://localhost:8080/graphql',
    });
  });

  it('replaces email addresses and tokens wherever they appear', () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(
      privateAttributes({
        'db.statement': "SELECT id FROM users WHERE email = 'amina.yusuf+jibs@example.org'",
        'exception.message': `token ${token} refused`,
        'http.request.header.authorization': [`Bearer ${token}`],
        'db.name': 'identity',
      }),
    ).toEqual({
      'db.statement': "SELECT id FROM users WHERE email = '[redacted]'",
      'exception.message': 'token [redacted] refused',
      'http.request.header.authorization': ['[redacted]'],
      'db.name': 'identity',
    });
  });
});

describe('PrivateSpanExporter', () => {
  it('hands on each span with private attributes, events and status, the rest unchanged', async () => {
    const received: ReadableSpan[] = [];
    const next: SpanExporter = {
      export: (spans, done) => {
        received.push(...spans);
        done({ code: 0 });
      },
      shutdown: () => Promise.resolve(),
    };
    const context = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };
    const span = {
      name: 'POST',
      spanContext: () => context,
      attributes: { 'http.target': '/graphql?x=1', 'http.client_ip': '203.0.113.7' },
      events: [{ name: 'exception', time: [0, 0], attributes: { 'exception.message': 'a@b.org' } }],
      status: { code: 2, message: 'no account a@b.org' },
    } as unknown as ReadableSpan;
    const result = await new Promise((resolve) =>
      new PrivateSpanExporter(next).export([span], resolve),
    );

    expect(result).toEqual({ code: 0 });
    const [sent] = received;
    expect(sent!.name).toBe('POST');
    expect(sent!.spanContext()).toBe(context);
    expect(sent!.attributes).toEqual({ 'http.target': '/graphql' });
    expect(sent!.events[0]!.attributes).toEqual({ 'exception.message': '[redacted]' });
    expect(sent!.status).toEqual({ code: 2, message: 'no account [redacted]' });
    // The span the SDK holds is left alone.
    expect(span.attributes['http.client_ip']).toBe('203.0.113.7');
  });
});
