import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { deliverEvent, deliverBatch, type DeliveryContext } from './deliver-event';
import { EventCatalog, defineEvent } from './event-catalog';
import { buildEnvelopes, readEnvelope, validateEnvelope, type Catalog } from './event-envelope';
import { silentLogger } from './event-logger';
import { InvalidEventError } from './invalid-event.error';

/**
 * A breaking change made the right way: `amount` in dollars (v1) became `amountCents` (v2), and v1
 * is published beside v2 until its deprecation ends.
 */
const v1 = z.object({ paymentId: z.string(), amount: z.number() });
const v2 = z.object({ paymentId: z.string(), amountCents: z.number().int() });
const upgradedCatalog: Catalog = {
  'payment.settled': defineEvent({
    version: 2,
    description: 'test',
    schema: v2,
    earlier: [
      {
        version: 1,
        deprecatedUntil: '2027-01-31',
        schema: v1,
        downgrade: (data) => ({ paymentId: data.paymentId, amount: data.amountCents / 100 }),
        upgrade: (data) => {
          const old = v1.parse(data);
          return { paymentId: old.paymentId, amountCents: Math.round(old.amount * 100) };
        },
      },
    ],
  }),
};
/** A consumer deployed before the change: it knows v1 only. */
const oldCatalog: Catalog = {
  'payment.settled': defineEvent({ version: 1, description: 'test', schema: v1 }),
};
/** A consumer that moved to v2 after the deprecation: it knows v2 only. */
const newOnlyCatalog: Catalog = {
  'payment.settled': defineEvent({ version: 2, description: 'test', schema: v2 }),
};
const opts = { source: 'jibs/billing', subject: randomUUID() };
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('an event published in two versions', () => {
  const [current, twin] = buildEnvelopes(
    'payment.settled',
    { paymentId: 'p1', amountCents: 2_500 },
    opts,
    upgradedCatalog,
  );

  it('is one event id in each version, each with its own data and schema', () => {
    expect(current).toMatchObject({
      dataversion: 2,
      dataversions: [2, 1],
      dataschema: 'urn:jibs:events:payment.settled:v2',
      data: { paymentId: 'p1', amountCents: 2_500 },
    });
    expect(twin).toMatchObject({
      id: current.id,
      time: current.time,
      dataversion: 1,
      dataversions: [2, 1],
      dataschema: 'urn:jibs:events:payment.settled:v1',
      data: { paymentId: 'p1', amount: 25 },
    });
    expect(validateEnvelope(wire(twin), upgradedCatalog).data).toEqual({
      paymentId: 'p1',
      amount: 25,
    });
  });

  it('is handled once by a consumer of either version, which passes over the other', () => {
    expect(readEnvelope(wire(current), upgradedCatalog).action).toBe('handle');
    expect(readEnvelope(wire(twin), upgradedCatalog).action).toBe('twin');
    expect(readEnvelope(wire(current), oldCatalog).action).toBe('twin');
    expect(readEnvelope(wire(twin), oldCatalog)).toMatchObject({
      action: 'handle',
      envelope: { data: { paymentId: 'p1', amount: 25 } },
    });
    expect(readEnvelope(wire(current), newOnlyCatalog).action).toBe('handle');
    expect(readEnvelope(wire(twin), newOnlyCatalog).action).toBe('twin');
  });

  it('upgrades an earlier version published alone, by a producer not yet upgraded', () => {
    const [alone] = buildEnvelopes(
      'payment.settled',
      { paymentId: 'p2', amount: 12.5 },
      opts,
      oldCatalog,
    );
    expect(alone.dataversions).toBeUndefined();
    expect(readEnvelope(wire(alone), upgradedCatalog)).toMatchObject({
      action: 'handle',
      envelope: {
        dataversion: 2,
        dataschema: 'urn:jibs:events:payment.settled:v2',
        data: { paymentId: 'p2', amountCents: 1_250 },
      },
    });
  });

  it('refuses a version nobody here knows when no twin it knows was published', () => {
    const [alone] = buildEnvelopes(
      'payment.settled',
      { paymentId: 'p3', amount: 1 },
      opts,
      oldCatalog,
    );
    expect(() => readEnvelope(wire(alone), newOnlyCatalog)).toThrow(InvalidEventError);
    expect(() => readEnvelope(wire(alone), newOnlyCatalog)).toThrow(
      /data version 1; this service knows 2/,
    );
  });

  it('refuses to publish data its earlier version cannot say', () => {
    const broken: Catalog = {
      'payment.settled': defineEvent({
        ...upgradedCatalog['payment.settled'],
        earlier: [{ ...upgradedCatalog['payment.settled'].earlier![0], downgrade: () => ({}) }],
      }),
    };
    expect(() =>
      buildEnvelopes('payment.settled', { paymentId: 'p4', amountCents: 1 }, opts, broken),
    ).toThrow(/version 1/);
  });

  function context(handled: unknown[]): DeliveryContext {
    return {
      topic: 'payment.settled',
      key: opts.subject,
      options: {
        group: 'g',
        topics: ['payment.settled'],
        handle: async (envelope) => void handled.push(envelope.data),
      },
      signal: new AbortController().signal,
      deadLetter: async () => {
        throw new Error('nothing should be dead-lettered');
      },
      logger: silentLogger,
      catalog: upgradedCatalog,
    };
  }

  it('reaches the handler once through delivery, alone or in a batch, and the twin is committed', async () => {
    const handled: unknown[] = [];
    await expect(deliverEvent(wire(current), context(handled))).resolves.toBe('handled');
    await expect(deliverEvent(wire(twin), context(handled))).resolves.toBe('handled');
    await expect(
      deliverBatch(
        [
          { value: wire(current), key: opts.subject },
          { value: wire(twin), key: opts.subject },
        ],
        context(handled),
      ),
    ).resolves.toBe('handled');
    expect(handled).toEqual([
      { paymentId: 'p1', amountCents: 2_500 },
      { paymentId: 'p1', amountCents: 2_500 },
    ]);
  });
});

describe('settings.updated, typed in version 2 and published beside version 1', () => {
  const settingsOpts = { source: 'jibs/identity', subject: 'site' };
  /** A producer not yet upgraded: it knows version 1 only. */
  const v1Only: Catalog = {
    'settings.updated': defineEvent({
      version: 1,
      description: 'test',
      schema: EventCatalog['settings.updated'].earlier![0].schema,
    }),
  };

  it('carries the settings typed and what changed; the version 1 twin the settings alone', () => {
    const [current, twin] = buildEnvelopes(
      'settings.updated',
      {
        settings: { monthlyDues: 3_000, siteName: 'JIBS' },
        changed: ['monthlyDues'],
        updatedBy: null,
      },
      settingsOpts,
    );
    expect(current).toMatchObject({
      dataversion: 2,
      dataversions: [2, 1],
      data: { settings: { monthlyDues: 3_000, siteName: 'JIBS' }, changed: ['monthlyDues'] },
    });
    expect(twin).toMatchObject({
      id: current.id,
      dataversion: 1,
      data: { settings: { monthlyDues: 3_000, siteName: 'JIBS' }, updatedBy: null },
    });
    expect(twin.data).not.toHaveProperty('changed');
    expect(readEnvelope(wire(twin)).action).toBe('twin');
  });

  it('refuses a setting of the wrong type and a key that is no setting', () => {
    expect(() =>
      buildEnvelopes(
        'settings.updated',
        { settings: { monthlyDues: '30' }, changed: ['monthlyDues'], updatedBy: null } as never,
        settingsOpts,
      ),
    ).toThrow(InvalidEventError);
    expect(() =>
      buildEnvelopes(
        'settings.updated',
        { settings: {}, changed: ['fee'], updatedBy: null } as never,
        settingsOpts,
      ),
    ).toThrow(/changed/);
  });

  it('upgrades a version 1 event to the typed settings, leaving out values of the wrong type', () => {
    const [alone] = buildEnvelopes(
      'settings.updated',
      { settings: { monthlyDues: 3_000, autoApproval: 'yes', fee: 1 }, updatedBy: null },
      settingsOpts,
      v1Only,
    );
    expect(readEnvelope(wire(alone))).toMatchObject({
      action: 'handle',
      envelope: {
        dataversion: 2,
        data: { settings: { monthlyDues: 3_000 }, changed: ['monthlyDues'], updatedBy: null },
      },
    });
  });
});
