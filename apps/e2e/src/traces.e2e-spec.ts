import type { LocalStack } from '@jibs/stack';
import { eventually } from '@jibs/testing';
import { startE2eStack } from './support/e2e-stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { SpanKinds, startOtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { signUpByApi } from './support/sign-up';

/**
 * Traces on a running stack with tracing on (OTEL_TRACES_EXPORTER=otlp), exported to a local
 * OTLP receiver: a sign-up through the gateway is one trace from the gateway's request, through
 * identity and its Postgres queries and the event it writes to its outbox, into the
 * notifications consumer that greets the new member. No span carries the member's email.
 */
describe('traces', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let stack: LocalStack;
  let stop: () => Promise<void>;
  let logs: string[];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    ({ stack, stop, logs } = await startE2eStack({
      tracing: {
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        // Spans leave every 200 ms rather than every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    }));
  }, 240_000);

  afterAll(async () => {
    await stop?.();
    await receiver?.close();
  });

  const explain = (error: unknown) =>
    new Error(`${(error as Error).message}\nlogs:\n${logs.slice(-30).join('\n')}`);

  it('follows a sign-up from the gateway into the consumer that welcomes the member', async () => {
    const signUp = aSignUp();
    const email = String(signUp.email);
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    try {
      await signUpByApi(member, stack, signUp);
    } catch (error) {
      throw explain(error);
    }

    const isWelcome = (span: ReceivedSpan) =>
      span.service === 'notifications' &&
      span.kind === SpanKinds.consumer &&
      span.attributes['messaging.destination.name'] === 'user.registered' &&
      span.attributes['messaging.consumer.group.name'] === 'notifications.welcome';
    const isGatewayRequest = (span: ReceivedSpan) =>
      span.service === 'gateway' && span.kind === SpanKinds.server;
    const isIdentityRequest = (span: ReceivedSpan) =>
      span.service === 'identity' && span.kind === SpanKinds.server;
    // The welcome of this sign-up (the stack's first start welcomed its admin, outside any
    // request), once every span of its trace has been exported.
    const trace = await eventually(
      async () => {
        const welcomes = receiver.spans.filter(isWelcome);
        for (const welcome of welcomes) {
          const spans = receiver.spans.filter((span) => span.traceId === welcome.traceId);
          if (spans.some(isGatewayRequest) && spans.some(isIdentityRequest)) return spans;
        }
        return undefined;
      },
      {
        timeoutMs: 30_000,
        message: "one trace with the gateway's request and the welcome consumer's span",
      },
    ).catch((error: unknown) => {
      throw explain(error);
    });
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const within = (span: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return !!parent && (parent === ancestor || within(parent, ancestor));
    };
    const isQuery = (span: ReceivedSpan) =>
      (span.attributes['db.system.name'] ?? span.attributes['db.system']) === 'postgresql';
    const welcome = trace.find(isWelcome)!;
    const gatewayRequest = trace.find(isGatewayRequest)!;
    const identityRequest = trace.find(isIdentityRequest)!;

    // The trace begins at the gateway's request: nothing before it.
    expect(gatewayRequest.parentSpanId).toBeUndefined();
    // The gateway's call to identity is the parent of identity's request.
    expect(byId.get(identityRequest.parentSpanId!)).toMatchObject({
      service: 'gateway',
      kind: SpanKinds.client,
    });
    expect(within(identityRequest, gatewayRequest)).toBe(true);
    // Identity's Postgres queries, within its request.
    const queries = trace.filter((span) => span.service === 'identity' && isQuery(span));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((span) => within(span, identityRequest))).toBe(true);
    // The event written to the outbox in that request...
    const publish = trace.find(
      (span) =>
        span.service === 'identity' &&
        span.kind === SpanKinds.producer &&
        span.attributes['messaging.destination.name'] === 'user.registered',
    );
    expect(publish && within(publish, identityRequest)).toBe(true);
    // ...and the consumer continuing the producer's span, carried in the event's envelope.
    expect(welcome.parentSpanId).toBe(publish!.spanId);
    // The consumer's own work (its inbox and the bell's notification) is in the same trace.
    expect(
      trace.some(
        (span) => span.service === 'notifications' && isQuery(span) && within(span, welcome),
      ),
    ).toBe(true);

    // No span anywhere carries the member's email, password or token.
    const everything = JSON.stringify(receiver.spans);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(String(signUp.password));
    expect(everything).not.toContain(member.accessToken!);
  });
});
