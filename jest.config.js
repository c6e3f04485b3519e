// Unit and integration tests of every server project. End-to-end tests have their own config
// (apps/e2e/jest.e2e.config.js) because they need the built stack.
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/apps/*/jest.config.js',
    '<rootDir>/tools/*/jest.config.js',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
