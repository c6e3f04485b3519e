module.exports = {
  ...require('../../jest.preset'),
  displayName: 'mailer',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
