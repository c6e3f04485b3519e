// Unit tests of the browser clients' shared UI pieces (pure functions, no DOM): the shared
// preset's swc transform and `@jibs/*` mapping, without its global setup, which starts
// PostgreSQL for the server tests.
const preset = { ...require('../../jest.preset') };
delete preset.globalSetup;
delete preset.globalTeardown;

module.exports = {
  ...preset,
  displayName: 'web-ui',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
