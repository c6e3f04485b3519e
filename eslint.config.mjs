import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The Nx project boundaries, given what a client project may import: its sources only shared
 * libraries, its build config (vite.config.ts) build tooling as well.
 */
const moduleBoundaries = (clientConstraint) => ({
  enforceBuildableLibDependency: false,
  allow: [],
  depConstraints: [
    clientConstraint,
    // A service uses shared and server libraries, never another service.
    {
      sourceTag: 'scope:service',
      onlyDependOnLibsWithTags: ['scope:shared', 'scope:server-lib'],
    },
    {
      sourceTag: 'scope:server-lib',
      onlyDependOnLibsWithTags: ['scope:shared', 'scope:server-lib'],
    },
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:tooling', onlyDependOnLibsWithTags: ['*'] },
    { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['*'] },
    // Libraries never import a program (a service, a client, a tool, the e2e suite).
    {
      sourceTag: 'type:lib',
      notDependOnLibsWithTags: ['type:app', 'type:tool', 'type:e2e'],
    },
    // Tools (tools/stack, tools/scripts, tools/bench, tools/deploy) import libraries and
    // each other; they reach a service only through its definition (the registry in
    // @jibs/stack loads it by convention), never by importing it.
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:tool'] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      '.data/**',
      '.nx/**',
      'coverage/**',
      'apps/web/src/gql/**',
      'apps/admin/src/gql/**',
      'libs/web-data/src/gql/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        moduleBoundaries({
          // Clients only use code both sides share (rules, messages, enums).
          sourceTag: 'scope:client',
          onlyDependOnLibsWithTags: ['scope:shared'],
        }),
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    // A client's build config runs in Node at build time, never in the browser: it may use the
    // build tooling (`scope:build`, e.g. @jibs/vite-precompress) besides the shared libraries.
    files: ['apps/*/vite.config.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        moduleBoundaries({
          sourceTag: 'scope:client',
          onlyDependOnLibsWithTags: ['scope:shared', 'scope:build'],
        }),
      ],
    },
  },
  {
    // Tests read loosely typed GraphQL responses.
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [
      'apps/web/**/*.tsx',
      'apps/web/**/*.ts',
      'apps/admin/**/*.tsx',
      'apps/admin/**/*.ts',
      'libs/web-data/**/*.ts',
      'libs/web-ui/**/*.ts',
      'libs/web-ui/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Both clients' layers (apps/web/README.md): app -> features -> shared, and no import runs
    // back up. A feature may use another feature's components and hooks, never the app.
    files: ['apps/{web,admin}/src/shared/**/*.ts', 'apps/{web,admin}/src/shared/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared/ imports no feature and no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/{web,admin}/src/features/**/*.ts', 'apps/{web,admin}/src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**'],
              message: 'A feature imports no app code (the shell and routes).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        module: 'writable',
        require: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
