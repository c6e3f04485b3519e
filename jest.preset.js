// Shared Jest settings: TypeScript through swc (decorators and their metadata included),
// `@jibs/*` resolved to the libraries' sources, ESM-only dependencies transformed.
const path = require('node:path');
const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
delete swcrc.jsc.baseUrl;
delete swcrc.jsc.paths;

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  transformIgnorePatterns: ['/node_modules/(?!(jose|intl-messageformat|@formatjs)/)'],
  moduleNameMapper: {
    // A relative import written for node16 resolution ('./index.js') is the TypeScript beside it.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@jibs/stack$': path.join(__dirname, 'tools/stack/src'),
    '^@jibs/(.*)$': path.join(__dirname, 'libs/$1/src'),
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  setupFilesAfterEnv: [path.join(__dirname, 'libs/testing/src/jest-tier-timeout.js')],
};

module.exports.globalSetup = path.join(__dirname, 'libs/testing/src/jest-global-setup.mjs');
module.exports.globalTeardown = path.join(__dirname, 'libs/testing/src/jest-global-teardown.mjs');
