// Checks of the deployment files (Dockerfiles, docker-compose.yml, k8s/): schema validation
// and the rules a reviewer would check. No I/O beyond reading the repository, so the shared
// preset's global Postgres is not started.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  globalSetup: undefined,
  globalTeardown: undefined,
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
