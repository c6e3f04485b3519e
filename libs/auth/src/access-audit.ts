import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_DECISION } from './access-decisions';

const RESOLVER_TYPE = 'graphql:resolver_type';
const OPERATION_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

export interface OperationDecision {
  operation: string;
  decision: unknown;
}

/**
 * Every root operation a service exposes, with the access decision it carries. Tests assert
 * that none is missing, so a new operation cannot ship without someone deciding who may call it.
 */
export function listOperationDecisions(app: INestApplicationContext): OperationDecision[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const found: OperationDecision[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as () => unknown;
      const type = reflector.get<string | undefined>(RESOLVER_TYPE, handler);
      if (!type || !OPERATION_TYPES.has(type)) continue;
      const decision =
        reflector.get(ACCESS_DECISION, handler) ?? reflector.get(ACCESS_DECISION, wrapper.metatype);
      found.push({ operation: `${type}.${wrapper.name}.${name}`, decision: decision ?? null });
    }
  }
  return found;
}
