/* global expect, jest */
// Per-tier time limits, so a busy machine (argon2, Postgres and Chromium competing for two
// cores) does not fail tests at random: unit tests do no I/O and get 15 s, integration tests
// (real Postgres and bus) 60 s. End-to-end files set their own limit in their config.
const testPath = expect.getState().testPath ?? '';
if (/\.int-spec\.[jt]s$/.test(testPath)) jest.setTimeout(60_000);
else if (/\.spec\.[jt]s$/.test(testPath)) jest.setTimeout(15_000);
