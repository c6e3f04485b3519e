module.exports = {
  ...require('../../jest.preset'),
  displayName: 'gateway',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  // The gateway owns no database: skip the preset's shared embedded Postgres.
  globalSetup: undefined,
  globalTeardown: undefined,
};
