// End-to-end tests: the built stack (real Postgres, bus, S3, services, gateway) and Playwright
// in Debian's Chromium. Run after `npm run build`; one stack per test file, files in sequence.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 120_000,
  slowTestThreshold: 60,
};
