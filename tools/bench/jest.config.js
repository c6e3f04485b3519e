// Unit tests of the benchmarks' own logic (the JS budget check);
// the benchmarks themselves start a stack and are run by hand. No shared Postgres is needed.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'bench',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
