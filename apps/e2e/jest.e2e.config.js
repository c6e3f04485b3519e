// End-to-end tests: the built stack (real Postgres, bus, S3, services, gateway) and Playwright
// in Debian's Chromium. Run after `npm run build`; one stack per test file, files in sequence.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  // No test Postgres here (each file starts a stack); the run's axe tally instead.
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
