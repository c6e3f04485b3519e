module.exports = {
  ...require('../../jest.preset'),
  displayName: 'identity',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js'],
};
