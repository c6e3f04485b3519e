// Checks of the deployment files (Dockerfiles, docker-compose.yml, k8s/): schema validation
// and the rules a reviewer would check; image-build.int-spec.ts builds the images' workspace from
// their build context. No database, so the shared preset's global Postgres is not started.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
