module.exports = {
  ...require('../../jest.preset'),
  displayName: 'documents',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
