// End-to-end tests: the built stack (real Postgres, bus, S3, services, gateway) and Playwright
// in Debian's Chromium. Run after `npm run build`; files in sequence, each on its own stack or
// on the run's shared one (shared-stack.js; E2E_SHARED_STACK=0: none).
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  // No test Postgres here; the run's axe tally and its shared stack instead.
  globalSetup: '<rootDir>/axe-global-setup.js',
  globalTeardown: '<rootDir>/axe-global-teardown.js',
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
  slowTestThreshold: 60,
  // A file whose stack failed to start may leave its browser open (launched beside the stack):
  // the run still ends, with that file failed, instead of waiting for CI's time limit.
  forceExit: true,
};
