#!/usr/bin/env node
'use strict';
/**
 * Runs the sample receiver: `JIBS_WEBHOOK_SECRET=whsec_... PORT=4100 node server.js`.
 * Prints each handled event as one JSON line (its id, type, subject and data).
 */
const { createServer } = require('node:http');
const { createWebhookConsumer } = require('./consumer');

const secret = process.env.JIBS_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set JIBS_WEBHOOK_SECRET to the secret shown when the endpoint was registered.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4100);
const handler = createWebhookConsumer({
  secret,
  handle: async (event) => {
    console.log(
      JSON.stringify({ id: event.id, type: event.type, subject: event.subject, data: event.data }),
    );
  },
});
createServer((request, response) => void handler(request, response)).listen(port, () => {
  console.error(`Listening for JIBS webhooks on http://localhost:${port}/`);
});
