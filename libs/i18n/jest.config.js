module.exports = {
  ...require('../../jest.preset'),
  displayName: 'i18n',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
