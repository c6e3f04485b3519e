// Unit tests of the build plugin (files in a temporary folder, no build, no Postgres).
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'vite-precompress',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
