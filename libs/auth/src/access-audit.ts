import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import {
  RESOLVER_NAME_METADATA as RESOLVER_NAME,
  RESOLVER_PROPERTY_METADATA as RESOLVER_PROPERTY,
  RESOLVER_REFERENCE_METADATA as RESOLVER_REFERENCE,
  RESOLVER_TYPE_METADATA as RESOLVER_TYPE,
} from '@nestjs/graphql';
import { ACCESS_DECISION } from './access-decisions';

const OPERATION_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

export interface OperationDecision {
  operation: string;
  decision: unknown;
}

export interface FieldDecision {
  /** `Type.Resolver.field`, `Type.Resolver.__resolveReference` for an entity reference. */
  field: string;
  decision: unknown;
}

interface Found {
  kind: 'operation' | 'field';
  name: string;
  decision: unknown;
}

/** Every resolver method of the app: root operations, field resolvers and entity references. */
function scanResolvers(app: INestApplicationContext): Found[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const found: Found[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as () => unknown;
      const decision =
        reflector.get(ACCESS_DECISION, handler) ??
        reflector.get(ACCESS_DECISION, wrapper.metatype) ??
        null;
      const type = reflector.get<string | undefined>(RESOLVER_TYPE, handler);
      if (type && OPERATION_TYPES.has(type)) {
        found.push({ kind: 'operation', name: `${type}.${wrapper.name}.${name}`, decision });
        continue;
      }
      const reference = reflector.get<boolean | undefined>(RESOLVER_REFERENCE, handler);
      if (!reference && !reflector.get<boolean | undefined>(RESOLVER_PROPERTY, handler)) continue;
      const parent = reflector.get<string | undefined>(RESOLVER_TYPE, wrapper.metatype) ?? '?';
      const field = reference
        ? '__resolveReference'
        : (reflector.get<string | undefined>(RESOLVER_NAME, handler) ?? name);
      found.push({ kind: 'field', name: `${parent}.${wrapper.name}.${field}`, decision });
    }
  }
  return found;
}

/**
 * Every root operation a service exposes, with the access decision it carries. Tests assert
 * that none is missing, so a new operation cannot ship without someone deciding who may call it.
 */
export function listOperationDecisions(app: INestApplicationContext): OperationDecision[] {
  return scanResolvers(app)
    .filter((entry) => entry.kind === 'operation')
    .map(({ name, decision }) => ({ operation: name, decision }));
}

/**
 * The same for every field resolver and entity reference resolver: they run for whoever the
 * parent object reached (an operation's caller, or anyone the gateway resolves `_entities` for),
 * so each says who may read it, and tests fail on one that does not.
 */
export function listFieldDecisions(app: INestApplicationContext): FieldDecision[] {
  return scanResolvers(app)
    .filter((entry) => entry.kind === 'field')
    .map(({ name, decision }) => ({ field: name, decision }));
}
