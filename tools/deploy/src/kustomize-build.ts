import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/** One object of a rendered kustomization. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/**
 * Renders a kustomization with the real tool, `kubectl kustomize` (kustomize built into
 * kubectl), exactly as `kubectl apply -k` would: patches, generators, hashes and all. The
 * tests validate what a cluster would receive, not a re-implementation of it.
 */
export function kustomizeBuild(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(output)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}
