// Unit tests of the scripts' own logic; no Postgres is needed.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'scripts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
