import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Client } from 'pg';
import { ensureDatabase, startEmbeddedServer } from '@jibs/database';
import { buildEnvelope, PostgresBroker } from '@jibs/events';
import { startS3rver } from '@jibs/storage';
import { gatewayHeaders } from '@jibs/subgraph';
import { ServiceProcess } from '@jibs/stack';
import { freeLocalPort } from '@jibs/config';
import { graphql, knob, percentile, SMOKE } from './bench-support';

/**
 * `npm run bench:uploads`: the document upload path as browsers use it, on embedded Postgres and
 * s3rver: UPLOADS members each ask the documents service for a presigned PUT, send FILE_MB
 * straight to the bucket, and confirm, all at once. Prints the confirm latency (the service's
 * HEAD + ranged GET + copy + row + event), the throughput, and the service's resident memory
 * before, at its peak during, and after the run.
 *
 * The documents service runs as its own process (as in the stack) so that its memory is its
 * own: the bench's 2 MB bodies and s3rver (both in this process) are not counted. It never
 * receives a file's bytes: browsers upload to the bucket, and confirm reads 16 bytes of it.
 */
const UPLOADS = knob('BENCH_UPLOADS', 50, 3);
const FILE_MB = knob('BENCH_FILE_MB', 2, 0.125);
/** Uploads one at a time before the concurrent ones: warm-up, then the serial figure. */
const [WARM_UPS, SERIAL] = SMOKE ? [1, 2] : [5, 10];
const BUCKET = 'documents';

const START = `mutation($input: StartDocumentUploadInput!) {
  startDocumentUpload(input: $input) { key url method headers { name value } }
}`;
const CONFIRM = `mutation($input: ConfirmDocumentUploadInput!) {
  confirmDocumentUpload(input: $input) { id fileSize fileType status }
}`;

interface Slot {
  key: string;
  url: string;
  method: string;
  headers: { name: string; value: string }[];
}

/** The service's resident set size, from its own /metrics (prom-client's process metrics). */
async function residentBytes(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  // e.g. `process_resident_memory_bytes{service="documents"} 123456789`
  const line = text.split('\n').find((row) => /^process_resident_memory_bytes[{ ]/.test(row));
  if (!line) throw new Error('the service reports no process_resident_memory_bytes');
  return Number(line.trim().split(' ').pop());
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const root = resolve(__dirname, '../../../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-uploads-bench-'));
  // Postgres runs as its own user when started by root: it must pass through (as the stack does).
  chmodSync(dataDir, 0o711);
  const password = randomBytes(16).toString('hex');
  const gatewaySecret = randomBytes(32).toString('hex');
  const postgres = await startEmbeddedServer({
    dataDir: join(dataDir, 'postgres'),
    port: await freeLocalPort(),
    password,
    durableCommits: true,
  });
  // s3rver in this process, as docs/benchmarks.md describes (the tests run on S3Proxy).
  const s3 = await startS3rver([BUCKET]);

  // Identity's part: the public key services verify tokens with, and tokens signed with it.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  const jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', done));
  const token = (userId: string) =>
    new SignJWT({ role: 'member', email: `${userId}@example.com` })
      .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
      .setSubject(userId)
      .setIssuer('jibs-identity')
      .setAudience('jibs')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(privateKey);

  const dbUrl = (name: string) => {
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    return url.toString();
  };
  for (const name of ['documents', 'eventlog']) await ensureDatabase(dbUrl(name));
  const metricsPort = await freeLocalPort();
  const service = new ServiceProcess(
    {
      name: 'documents',
      entry: resolve(root, 'dist/server/apps/documents/src/main.js'),
      port: await freeLocalPort([metricsPort]),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl('documents'),
        EVENT_BROKER: 'postgres',
        EVENTLOG_DATABASE_URL: dbUrl('eventlog'),
        JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
        GATEWAY_SECRET: gatewaySecret,
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
        S3_ENDPOINT: s3.env.S3_ENDPOINT,
        S3_REGION: s3.env.S3_REGION,
        S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
        S3_FORCE_PATH_STYLE: 'true',
        S3_BUCKET_DOCUMENTS: BUCKET,
      },
    },
    (name, line) => {
      if (/"level":"(error|fatal)"|"level":[56]0/.test(line))
        process.stderr.write(`[${name}] ${line}\n`);
    },
  );

  try {
    await service.start();
    const graphqlUrl = `${service.url}/graphql`;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const asGateway = gatewayHeaders(gatewaySecret);
    // A real PDF's first bytes (the content check reads them), padded to the size.
    const pdf = readFileSync(join(root, 'libs/storage/src/fixtures/certificate.pdf'));
    const body = new Uint8Array(
      Buffer.concat([pdf, Buffer.alloc(Math.floor(FILE_MB * 1024 * 1024) - pdf.length)]),
    );

    // Uploading needs a completed registration, which documents learns from billing's
    // `membership.registration_paid`: the bench publishes it on the bus, as billing does, for
    // every member it will use, and waits until documents has learnt them all.
    const members = Array.from({ length: UPLOADS + 15 }, () => randomUUID());
    const bus = new PostgresBroker({ url: dbUrl('eventlog'), clientId: 'uploads-bench' });
    try {
      await bus.publish(
        members.map((userId) => ({
          topic: 'membership.registration_paid',
          key: userId,
          envelope: buildEnvelope(
            'membership.registration_paid',
            { userId },
            { source: 'jibs/uploads-bench', subject: userId },
          ),
        })),
      );
    } finally {
      await bus.close();
    }
    const documentsDb = new Client({ connectionString: dbUrl('documents') });
    await documentsDb.connect();
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await documentsDb.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM members WHERE registration_paid AND user_id = ANY($1::uuid[])',
          [members],
        );
        if (rows[0]!.n === members.length) break;
        if (Date.now() > deadline) throw new Error('documents never learnt the members paid');
        await new Promise((done) => setTimeout(done, 100));
      }
    } finally {
      await documentsDb.end();
    }

    /** One member's upload as the browser does it; returns the confirm's latency in ms. */
    const uploadOne = async (): Promise<number> => {
      const userId = members.pop()!;
      const bearer = await token(userId);
      const started = await graphql<{ startDocumentUpload: Slot }>(
        graphqlUrl,
        START,
        {
          input: {
            fileName: 'death-certificate.pdf',
            fileType: 'application/pdf',
            fileSize: body.length,
            documentType: 'Death Certificate',
          },
        },
        bearer,
        asGateway,
      );
      const slot = started.data?.startDocumentUpload;
      if (!slot) throw new Error(`start failed: ${JSON.stringify(started.errors)}`);
      const put = await fetch(slot.url, {
        method: slot.method,
        headers: {
          ...Object.fromEntries(slot.headers.map(({ name, value }) => [name, value])),
          // s3rver closes kept-alive sockets as they are reused, failing a PUT mid-body.
          connection: 'close',
        },
        body,
      });
      if (put.status !== 200) throw new Error(`PUT answered ${put.status}`);
      const t0 = performance.now();
      const confirmed = await graphql<{ confirmDocumentUpload: { fileSize: number } }>(
        graphqlUrl,
        CONFIRM,
        {
          input: {
            key: slot.key,
            fileName: 'death-certificate.pdf',
            documentType: 'Death Certificate',
          },
        },
        bearer,
        asGateway,
      );
      const elapsed = performance.now() - t0;
      if (confirmed.data?.confirmDocumentUpload.fileSize !== body.length)
        throw new Error(`confirm failed: ${JSON.stringify(confirmed.errors)}`);
      return elapsed;
    };

    const rssReady = await residentBytes(metricsUrl);
    // Warm-up (connections, JIT, the S3 client's sockets), then one at a time: the confirm's own
    // cost without queueing behind 49 others.
    for (let i = 0; i < WARM_UPS; i += 1) await uploadOne();
    const serial: number[] = [];
    for (let i = 0; i < SERIAL; i += 1) serial.push(await uploadOne());
    serial.sort((a, b) => a - b);
    const rssBefore = await residentBytes(metricsUrl);

    let peak = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await residentBytes(metricsUrl));
        await new Promise((done) => setTimeout(done, 50));
      }
    })();
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: UPLOADS }, () => uploadOne()));
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const rssAfter = await residentBytes(metricsUrl);

    const failures = results.filter((result) => result.status === 'rejected');
    const latencies = results
      .flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      .sort((a, b) => a - b);
    const bytes = latencies.length * body.length;
    const lines = [
      `${UPLOADS} concurrent ${FILE_MB} MB uploads (presign + PUT + confirm), ${latencies.length} confirmed, ${failures.length} failed`,
      `confirm latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`,
      `confirm latency one at a time (${SERIAL} uploads): p50 ${percentile(serial, 50).toFixed(1)} ms`,
      `throughput: ${(latencies.length / seconds).toFixed(1)} uploads/s, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s over ${seconds.toFixed(2)} s`,
      `documents service RSS: ready ${mb(rssReady)}, before ${mb(rssBefore)}, peak during ${mb(peak)}, after ${mb(rssAfter)} (${UPLOADS} x ${FILE_MB} MB = ${UPLOADS * FILE_MB} MB uploaded)`,
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    ];
    for (const failure of failures.slice(0, 3))
      lines.push(`failure: ${String((failure as PromiseRejectedResult).reason)}`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (failures.length) process.exitCode = 1;
  } finally {
    await service.stop();
    await new Promise((done) => jwks.close(done));
    await s3.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
