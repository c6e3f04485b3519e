import { randomUUID } from 'node:crypto';
import { EventCatalog, type EventData } from './event-catalog';
import { buildEnvelope, isEventOf, parseEnvelope, validateEnvelope } from './event-envelope';
import { InvalidEventError } from './invalid-event.error';

const userId = randomUUID();
const registered: EventData<'user.registered'> = {
  userId,
  email: 'amina@example.com',
  firstName: 'Amina',
  lastName: 'Yusuf',
  role: 'member',
};
const opts = { source: 'jibs/identity', subject: userId };

describe('buildEnvelope', () => {
  it('wraps catalog data in a CloudEvents 1.0 envelope', () => {
    const envelope = buildEnvelope('user.registered', registered, { ...opts, requestId: 'req-1' });
    expect(envelope).toEqual({
      specversion: '1.0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      source: 'jibs/identity',
      type: 'user.registered',
      subject: userId,
      time: expect.any(String),
      datacontenttype: 'application/json',
      dataschema: 'urn:jibs:events:user.registered:v1',
      dataversion: 1,
      requestid: 'req-1',
      data: registered,
    });
    expect(new Date(envelope.time).toISOString()).toBe(envelope.time);
  });

  it('gives each event its own id and leaves requestid out when there is none', () => {
    const a = buildEnvelope('user.registered', registered, opts);
    const b = buildEnvelope('user.registered', registered, opts);
    expect(a.id).not.toBe(b.id);
    expect(a).not.toHaveProperty('requestid');
  });

  it('carries the trace context it is given (distributed tracing extension), and none without', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const traced = buildEnvelope('user.registered', registered, {
      ...opts,
      traceparent,
      tracestate: 'jibs=1',
    });
    expect(traced).toMatchObject({ traceparent, tracestate: 'jibs=1' });
    expect(parseEnvelope(JSON.stringify(traced))).toEqual(traced);
    const untraced = buildEnvelope('user.registered', registered, opts);
    expect(untraced).not.toHaveProperty('traceparent');
    expect(untraced).not.toHaveProperty('tracestate');
  });

  it('throws on data that does not match the catalog schema, naming the field', () => {
    const bad = { ...registered, role: 'owner' } as unknown as EventData<'user.registered'>;
    expect(() => buildEnvelope('user.registered', bad, opts)).toThrow(InvalidEventError);
    try {
      buildEnvelope('user.registered', bad, opts);
    } catch (error) {
      expect((error as InvalidEventError).issues).toEqual([
        { path: 'role', message: expect.any(String) },
      ]);
      expect((error as Error).message).toContain('Invalid data for event "user.registered"');
    }
  });

  it('drops fields the schema does not name, so nothing private leaks by accident', () => {
    const withExtra = { ...registered, passwordHash: 'secret' } as EventData<'user.registered'>;
    expect(buildEnvelope('user.registered', withExtra, opts).data).not.toHaveProperty(
      'passwordHash',
    );
  });

  it('refuses an unknown type, a missing subject and a missing source', () => {
    expect(() => buildEnvelope('user.exploded' as 'user.registered', registered, opts)).toThrow(
      'Unknown event type "user.exploded"',
    );
    expect(() => buildEnvelope('user.registered', registered, { ...opts, subject: '' })).toThrow(
      'needs a subject',
    );
    expect(() => buildEnvelope('user.registered', registered, { ...opts, source: '' })).toThrow(
      'needs a source',
    );
  });

  it('validates every catalog entry', () => {
    expect(
      buildEnvelope(
        'report.submitted',
        { reportId: randomUUID(), userId, relationship: 'Father' },
        opts,
      ).dataversion,
    ).toBe(EventCatalog['report.submitted'].version);
    expect(
      buildEnvelope(
        'settings.updated',
        { settings: { registrationFee: 1000 }, changed: ['registrationFee'], updatedBy: null },
        {
          source: 'jibs/identity',
          subject: 'site',
        },
      ).data,
    ).toEqual({
      settings: { registrationFee: 1000 },
      changed: ['registrationFee'],
      updatedBy: null,
    });
    expect(() =>
      buildEnvelope(
        'settings.updated',
        { settings: {}, changed: [], updatedBy: 'not-a-uuid' },
        { source: 'jibs/identity', subject: 'site' },
      ),
    ).toThrow(InvalidEventError);
  });
});

describe('parseEnvelope', () => {
  const envelope = buildEnvelope('user.registered', registered, opts);

  it('reads back what buildEnvelope made, from a string or a Buffer', () => {
    expect(parseEnvelope(JSON.stringify(envelope))).toEqual(envelope);
    expect(parseEnvelope(Buffer.from(JSON.stringify(envelope)))).toEqual(envelope);
  });

  it('refuses what is not JSON', () => {
    expect(() => parseEnvelope('{nope')).toThrow('Event is not JSON');
  });

  it.each([
    ['specversion', { specversion: '0.3' }],
    ['id', { id: 'not-a-uuid' }],
    ['time', { time: 'yesterday' }],
    ['datacontenttype', { datacontenttype: 'text/plain' }],
    ['subject', { subject: '' }],
    ['dataversion', { dataversion: 0 }],
    ['traceparent', { traceparent: 42 }],
  ])('refuses a bad %s attribute', (attribute, change) => {
    expect(() => parseEnvelope(JSON.stringify({ ...envelope, ...change }))).toThrow(
      new RegExp(`Invalid event envelope: ${attribute}`),
    );
  });

  it('refuses an envelope without data', () => {
    const { data: _data, ...rest } = envelope;
    expect(() => parseEnvelope(JSON.stringify(rest))).toThrow('Invalid event envelope: data');
  });

  it('checks the data of catalog types against their schema', () => {
    const bad = { ...envelope, data: { ...registered, userId: 'x' } };
    expect(() => parseEnvelope(JSON.stringify(bad))).toThrow(
      'Invalid data for event "user.registered": userId',
    );
  });

  it('reads a subscription.updated published before it carried `previous` as having none', () => {
    const data = {
      userId,
      status: 'active',
      monthlyAmount: 2_500,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    };
    const earlier = {
      ...envelope,
      type: 'subscription.updated',
      dataschema: 'urn:jibs:events:subscription.updated:v1',
      data,
    };
    expect(parseEnvelope(JSON.stringify(earlier)).data).toEqual({ ...data, previous: null });
  });

  it('refuses a data version this service does not know', () => {
    expect(() => parseEnvelope(JSON.stringify({ ...envelope, dataversion: 2 }))).toThrow(
      'has data version 2',
    );
  });

  it('passes types outside the catalog with their data unchecked', () => {
    const foreign = { ...envelope, type: 'billing.thing_happened', data: { anything: [1, 2] } };
    expect(parseEnvelope(JSON.stringify(foreign))).toEqual(foreign);
  });

  it('keeps extension attributes (CloudEvents consumers must accept them)', () => {
    const extended = { ...envelope, deadlettergroup: 'g', deadletterattempts: 3 };
    expect(validateEnvelope(extended)).toEqual(extended);
  });
});

describe('isEventOf', () => {
  it('narrows a consumed envelope to its catalog type', () => {
    const envelope = parseEnvelope(
      JSON.stringify(buildEnvelope('user.registered', registered, opts)),
    );
    expect(isEventOf(envelope, 'settings.updated')).toBe(false);
    if (!isEventOf(envelope, 'user.registered')) throw new Error('expected user.registered');
    expect(envelope.data.firstName).toBe('Amina');
  });
});
