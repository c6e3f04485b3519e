import type { Readable } from 'node:stream';

/**
 * The first `limit` bytes of a response body. Stops reading there and closes the stream even if
 * the server ignored the requested range and sends the whole object.
 */
export async function readHead(body: Readable | undefined, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= limit) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}
