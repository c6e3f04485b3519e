module.exports = {
  ...require('../../jest.preset'),
  displayName: 'memorials',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
