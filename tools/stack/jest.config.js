// Unit tests of the local stack launcher's own logic (ports, secrets); the stack itself is
// exercised end to end by apps/e2e. No shared Postgres is needed.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'stack',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
