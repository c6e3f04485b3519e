import { tracingEnvFrom } from './local-stack';

describe('tracingEnvFrom', () => {
  it("passes the launcher's OTEL_* settings on to the services, and nothing else", () => {
    expect(
      tracingEnvFrom({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_BSP_SCHEDULE_DELAY: '500',
        PATH: '/usr/bin',
        DATABASE_URL: 'postgres://x',
      }),
    ).toEqual({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_BSP_SCHEDULE_DELAY: '500',
    });
  });

  it('leaves each service its own name', () => {
    expect(tracingEnvFrom({ OTEL_SERVICE_NAME: 'everything' })).toEqual({});
  });

  it('gives nothing when tracing is not asked for (it stays off)', () => {
    expect(tracingEnvFrom({ PATH: '/usr/bin' })).toEqual({});
  });
});
