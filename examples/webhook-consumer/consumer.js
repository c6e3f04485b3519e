'use strict';
/**
 * A sample receiver of JIBS webhooks, for teams that cannot join Kafka.
 *
 * Every delivery is a POST whose body is the event's CloudEvents envelope, signed the Standard
 * Webhooks way (https://www.standardwebhooks.com): headers `webhook-id` (the event id, the same
 * on every retry and replay), `webhook-timestamp` and `webhook-signature`. This receiver
 *   1. verifies the signature over the raw body with the endpoint's secret, refusing a tampered,
 *      unsigned or stale (over 5 minutes old) request with 401;
 *   2. handles each event id once: a retry or a replay of an event it already handled is
 *      answered 200 and not handled again;
 *   3. answers 2xx only once the event is handled, so JIBS retries (with backoff) otherwise.
 *
 * `seen` stands for your database: record the id in the same transaction as the event's effect.
 */
const { Buffer } = require('node:buffer');
const { Webhook } = require('standardwebhooks');

const MAX_BODY_BYTES = 1024 * 1024;

/** An in-memory `seen` store: enough for a demo; use your database in production. */
function memorySeen() {
  const ids = new Set();
  return {
    has: async (id) => ids.has(id),
    add: async (id) => void ids.add(id),
  };
}

/**
 * A Node `http` request handler.
 * @param {{ secret: string, handle: (event: object) => Promise<void>, seen?: { has(id: string): Promise<boolean>, add(id: string): Promise<void> } }} options
 */
function createWebhookConsumer({ secret, handle, seen = memorySeen() }) {
  const webhook = new Webhook(secret);
  return async function onRequest(request, response) {
    if (request.method !== 'POST') return reply(response, 405, 'POST only');
    let body;
    try {
      body = await readBody(request);
    } catch {
      return reply(response, 413, 'Too large');
    }
    let event;
    try {
      // Verifies webhook-id, webhook-timestamp (within 5 minutes) and webhook-signature.
      event = webhook.verify(body, {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      });
    } catch {
      return reply(response, 401, 'Invalid signature');
    }
    if (event.id !== header(request, 'webhook-id')) return reply(response, 400, 'Id mismatch');
    try {
      if (!(await seen.has(event.id))) {
        await handle(event);
        await seen.add(event.id);
      }
    } catch {
      // Not handled: JIBS will try again later.
      return reply(response, 500, 'Not handled');
    }
    return reply(response, 200, 'OK');
  };
}

function header(request, name) {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : (value ?? '');
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function reply(response, status, text) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

module.exports = { createWebhookConsumer, memorySeen };
