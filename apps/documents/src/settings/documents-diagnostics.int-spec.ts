import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3_CLIENT } from '../documents.module';
import { BUCKET, DocumentsHarness } from '../testing/documents-harness';
import { DIAGNOSTICS_PREFIX } from './documents-diagnostics';

describe("the documents service's diagnostics", () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    h = await DocumentsHarness.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  const check = async (name: string, headers: Record<string, string> = h.asGateway()) => {
    const response = await fetch(`${h.url}/diagnostics/${name}`, { headers });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  const leftovers = async () =>
    (
      await h.app
        .get(S3_CLIENT)
        .send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: DIAGNOSTICS_PREFIX }))
    ).KeyCount ?? 0;

  it('sends an event through the bus and receives it back', async () => {
    expect(await check('events')).toEqual({
      status: 200,
      body: { status: 'passed', durationMs: expect.any(Number) },
    });
  });

  it('writes, reads back and deletes an object in the bucket, leaving nothing', async () => {
    expect(await check('storage')).toEqual({
      status: 200,
      body: { status: 'passed', durationMs: expect.any(Number) },
    });
    expect(await leftovers()).toBe(0);
  });

  it('answers only the gateway, and only the checks it has', async () => {
    expect((await check('storage', {})).status).toBe(403);
    expect((await check('nothing')).status).toBe(404);
  });
});
