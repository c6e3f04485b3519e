module.exports = {
  ...require('../../jest.preset'),
  displayName: 'cases',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
