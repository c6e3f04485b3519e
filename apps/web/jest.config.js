// Unit tests of the web client (no DOM): its pure functions, and components rendered to HTML
// with react-dom's server renderer. The shared preset's swc transform (JSX added for .tsx) and
// `@jibs/*` mapping, without its global setup, which starts PostgreSQL for the server tests.
const preset = { ...require('../../jest.preset') };
delete preset.globalSetup;
delete preset.globalTeardown;

const [swcJest, swcOptions] = Object.values(preset.transform)[0];
const tsxOptions = {
  ...swcOptions,
  jsc: {
    ...swcOptions.jsc,
    parser: { ...swcOptions.jsc.parser, tsx: true },
    transform: { ...swcOptions.jsc.transform, react: { runtime: 'automatic' } },
  },
};

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  transform: { ...preset.transform, '^.+\\.tsx$': [swcJest, tsxOptions] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/css-stub.js' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
};
