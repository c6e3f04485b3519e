// Integration tests boot the service on real Postgres; on a busy shared machine that can take
// longer than Jest's default 5 s. Nothing waits a fixed time: this is only a ceiling.
jest.setTimeout(30_000);
