import express, { type RequestHandler } from 'express';

/** express.json()'s default limit, which the general parser keeps applying. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** Content types read on the short path; any other (another charset...) goes to express.json(). */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8']);

/** A client error as body-parser reports it: the error handler answers its status. */
function badBody(message: string, type: string, cause?: unknown): Error {
  return Object.assign(new Error(message, { cause }), {
    status: 400,
    statusCode: 400,
    expose: true,
    type,
  });
}

/**
 * express.json() (strict, 100 kB) with a short path for what GraphQL clients send: a
 * `Content-Length` body within the limit, not compressed, typed `application/json` (UTF-8).
 * That body is read straight off the request and parsed as body-parser parses it (a UTF-8 BOM
 * dropped, an empty body is `{}`, anything but an object or an array refused with 400), without
 * its per-request stream wrappers, charset decoder and async resource. Every other request
 * (compressed, chunked, too large, another charset or type) is express.json()'s, unchanged.
 */
export function jsonBody(): RequestHandler {
  const general = express.json({ limit: JSON_BODY_LIMIT });
  return (req, res, next) => {
    const type = req.headers['content-type'];
    const length = req.headers['content-length'];
    const encoding = req.headers['content-encoding'];
    if (
      typeof type !== 'string' ||
      !PLAIN_JSON.has(type.toLowerCase()) ||
      (encoding !== undefined && encoding.toLowerCase() !== 'identity') ||
      req.headers['transfer-encoding'] !== undefined ||
      length === undefined ||
      !/^\d{1,6}$/.test(length) ||
      Number(length) > JSON_BODY_LIMIT ||
      req.complete ||
      req.readableEnded
    ) {
      general(req, res, next);
      return;
    }
    const expected = Number(length);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      next(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onError = (error: Error) => settle(badBody(error.message, 'request.error', error));
    const onAborted = () => settle(badBody('request aborted', 'request.aborted'));
    const onEnd = () => {
      if (received !== expected) {
        settle(badBody('request size did not match content length', 'request.size.invalid'));
        return;
      }
      let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString(
        'utf8',
      );
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.length === 0) {
        req.body = {};
        settle();
        return;
      }
      const first = text.trimStart()[0];
      if (first !== '{' && first !== '[') {
        settle(badBody('Unexpected token in JSON (strict mode)', 'entity.parse.failed'));
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (error) {
        settle(badBody((error as Error).message, 'entity.parse.failed', error));
        return;
      }
      settle();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  };
}
