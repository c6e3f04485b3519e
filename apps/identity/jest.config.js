module.exports = {
  ...require('../../jest.preset'),
  displayName: 'identity',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
};
