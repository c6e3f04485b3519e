import type { RequestHandler } from 'express';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ROUTE_LABEL_LOCAL, type Logger } from '@jibs/observability';
import { ADMIN_EXPORT_PATH, gatewayHeaders } from '@jibs/subgraph';
import { EXPORT_TABLE_OWNERS } from './service-definitions';

/** The public path of admin exports: `GET /api/export/admin/:table?format=&from=&to=&metadata=`. */
export const PUBLIC_EXPORT_PATH = `/api${ADMIN_EXPORT_PATH}`;

export interface ExportProxyOptions {
  subgraphs: readonly { name: string; url: string }[];
  logger: Logger;
  gatewaySecret: string;
  clientAddress: (req: IncomingMessage) => string;
  /** How long the owner may take to send its headers (the body then streams as long as it takes). */
  timeoutMs?: number;
}

const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'x-content-type-options',
];

function notFound(res: Parameters<RequestHandler>[1]): void {
  res
    .status(404)
    .set('cache-control', 'no-store')
    .json({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] });
}

/**
 * Sends an admin export request to the service that owns the table and streams its answer
 * back as it comes (never buffered here). Only the bearer token is passed on: the owner
 * verifies it and the admin role itself, as it does for GraphQL; the gateway adds its own
 * credential. A client aborting closes the upstream request, which ends the owner's read.
 */
export function exportProxy({
  subgraphs,
  logger,
  gatewaySecret,
  clientAddress,
  timeoutMs = 30_000,
}: ExportProxyOptions): RequestHandler {
  const origins = new Map(subgraphs.map(({ name, url }) => [name, new URL(url).origin]));
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    if (!path.startsWith(`${PUBLIC_EXPORT_PATH}/`)) return next();
    res.locals[ROUTE_LABEL_LOCAL] = `${PUBLIC_EXPORT_PATH}/:table`;
    if (req.method !== 'GET') {
      res.status(405).set('allow', 'GET').type('text/plain').send('Method not allowed');
      return;
    }
    const table = path.slice(PUBLIC_EXPORT_PATH.length + 1);
    const owner = Object.hasOwn(EXPORT_TABLE_OWNERS, table) ? EXPORT_TABLE_OWNERS[table] : null;
    const origin = owner ? origins.get(owner) : undefined;
    if (!origin) return notFound(res);
    const upstream = new URL(origin);
    const query = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : '';
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const authorization = req.headers.authorization;
    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: 'GET',
        path: `${ADMIN_EXPORT_PATH}/${table}${query}`,
        headers: {
          ...gatewayHeaders(gatewaySecret, clientAddress(req)),
          ...(authorization ? { authorization } : {}),
          ...(req.headers['x-request-id'] ? { 'x-request-id': req.headers['x-request-id'] } : {}),
          host: upstream.host,
        },
        timeout: timeoutMs,
      },
      (incoming) => {
        outgoing.setTimeout(0);
        res.status(incoming.statusCode ?? 502);
        for (const name of PASSED_RESPONSE_HEADERS) {
          const value = incoming.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        incoming.pipe(res);
        incoming.on('error', () => res.destroy());
      },
    );
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${owner} did not answer in time`)));
    outgoing.on('error', (error) => {
      if (res.writableFinished || res.destroyed) return;
      logger.warn({ err: error, table }, 'export proxy failed');
      if (res.headersSent) return res.destroy();
      res
        .status(error.message.includes('in time') ? 504 : 502)
        .type('text/plain')
        .send('Bad gateway');
    });
    outgoing.end();
  };
}
