/*
 * Why these rules are ours and not graphql-query-complexity (2.0.0) + a depth library (measured
 * 2026-11-24 with query-limits.bench.ts on the committed API schema and the 80 operations the
 * clients send, plus the introspection query and this file's spec queries):
 * - The gateway runs these as validation rules, which Apollo runs once per document (its document
 *   cache) and without variables. The library, as a validation rule, coerces the variables it
 *   was given (none): it refused 47 of the 80 client operations ("Variable "$id" of required
 *   type "ID!" was not provided"); with every variable made optional still 46, now on required
 *   arguments. Its documented use is per request with the request's variables (getComplexity in
 *   a plugin): work on every request instead of once per document, and a cost that follows
 *   run-time page sizes instead of the rule below (the "variable's default" specs would change).
 * - It does not memoise fragments: the spec's 40 fragments spread twice into each other throw
 *   "Query exceeds the maximum allowed number of nodes." out of validate() (an exception, not
 *   a BAD_USER_INPUT refusal); ours measures each fragment once.
 * - Where it can run, an estimator written to count as ours gives the same refusals and figures:
 *   11 of the 13 spec queries (the other two are the above), 32 of 34 client operations without
 *   required variables (the two others: `deathReports`/`documents` take the schema's default
 *   `limit: 50` the library passes as an argument, 701 and 651 against our 141 and 131).
 *   Introspection: 49432 for both (both refuse it; depth refuses it too). Until 2026-11-27 ours
 *   said 4657: it did not multiply the lists under `__schema`, so 40 aliased copies passed.
 * - Speed is not the reason: validate() per document, best of 7 rounds of 35 documents x 200,
 *   on this shared 2-core machine: no rule 113-129 µs, ours 119-124 µs, library 126-165 µs.
 * - Depth: the library has no depth rule, and graphql-depth-limit is not installed.
 * So the library would buy only its visitor, at the cost of the behaviour above.
 */
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type ASTNode,
  type FieldNode,
  type GraphQLCompositeType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type GraphQLField,
} from 'graphql';
import { ErrorCode } from '@jibs/domain';

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
}

/** What a list field is assumed to return when the query does not say how many. */
export const DEFAULT_LIST_SIZE = 10;

const PAGE_SIZE_ARGUMENTS = new Set(['first', 'last', 'limit']);

/**
 * Mutations that hash a password, send mail or texts, or call the payment provider cost far
 * more than a field: aliases must not multiply them within one request. With the default
 * MAX_QUERY_COST (1000) one hashing or mailing mutation fits in a request, and three of the rest.
 */
export const MUTATION_COSTS: Readonly<Record<string, number>> = {
  startSignUp: 600,
  completeSignUp: 300,
  signIn: 600,
  completeSignIn: 600,
  requestPasswordReset: 600,
  resetPassword: 600,
  sendVerificationCode: 600,
  submitContactMessage: 600,
  submitQuestion: 600,
  verifyCode: 300,
  confirmTotp: 300,
  setupTotp: 300,
  startTotpEnrollment: 300,
  enableAuthenticator: 300,
  disableAuthenticator: 600,
  enableSmsSignIn: 300,
  disableSmsSignIn: 600,
  newRecoveryCodes: 600,
  refreshSession: 300,
  startRegistrationCheckout: 300,
  startSubscriptionCheckout: 300,
  startHouseholdMemberCheckout: 300,
  openBillingPortal: 300,
  cancelSubscription: 300,
  sandboxRunRenewal: 300,
};

/** A query the gateway refuses to plan because it is too deep or too expensive. */
export class QueryLimitError extends GraphQLError {
  constructor(message: string, node: ASTNode) {
    super(message, { nodes: [node], extensions: { code: ErrorCode.BadUserInput } });
    this.name = 'QueryLimitError';
  }
}

/**
 * Validation rules that turn away deep and expensive operations before any subgraph is asked.
 * Introspection fields count like any other (a nested `ofType` chain is depth too, and the lists
 * under `__schema` and `__type` multiply what is selected under them).
 */
export function queryLimitRules(limits: QueryLimits): ValidationRule[] {
  return [depthLimitRule(limits), costLimitRule(limits)];
}

export function depthLimitRule({ maxDepth }: QueryLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = new DepthMeasure(context).of(operation.selectionSet);
      if (depth > maxDepth) {
        context.reportError(new QueryLimitError(`Query is too deep (max ${maxDepth})`, operation));
      }
    },
  });
}

export function costLimitRule({ maxCost }: QueryLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const cost = new CostEstimate(context).ofOperation(operation);
      if (cost > maxCost) {
        context.reportError(
          new QueryLimitError(`Query is too complex (cost ${cost}, max ${maxCost})`, operation),
        );
      }
    },
  });
}

/**
 * Levels of nested fields, fragments expanded. Each fragment is measured once (memoised) so a
 * document that spreads fragments into each other many times cannot make this exponential.
 */
class DepthMeasure {
  private readonly fragments = new Map<string, number>();
  private readonly expanding = new Set<string>();

  constructor(private readonly context: ValidationContext) {}

  of(selectionSet: SelectionSetNode): number {
    let deepest = 0;
    for (const selection of selectionSet.selections) {
      let depth = 0;
      if (selection.kind === Kind.FIELD) {
        depth = 1 + (selection.selectionSet ? this.of(selection.selectionSet) : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        depth = this.of(selection.selectionSet);
      } else {
        depth = this.fragment(selection.name.value);
      }
      deepest = Math.max(deepest, depth);
    }
    return deepest;
  }

  private fragment(name: string): number {
    const known = this.fragments.get(name);
    if (known !== undefined) return known;
    const fragment = this.context.getFragment(name);
    // Unknown and cyclic fragments are reported by graphql's own rules.
    if (!fragment || this.expanding.has(name)) return 0;
    this.expanding.add(name);
    const depth = this.of(fragment.selectionSet);
    this.expanding.delete(name);
    this.fragments.set(name, depth);
    return depth;
  }
}

/**
 * An upper-bound estimate of the work an operation asks for: every field costs 1, and what is
 * selected under a list field counts once per expected item: a literal `first`/`last`/`limit`,
 * else the larger of a variable's default and DEFAULT_LIST_SIZE, else DEFAULT_LIST_SIZE.
 * `__typename` is free: clients add it to every selection. Validation results are cached per
 * document, so a variable's run-time value is never seen here; subgraphs cap page sizes too.
 */
class CostEstimate {
  private readonly fragments = new Map<string, number>();
  private readonly expanding = new Set<string>();
  private operation?: OperationDefinitionNode;

  constructor(private readonly context: ValidationContext) {}

  ofOperation(operation: OperationDefinitionNode): number {
    this.operation = operation;
    const root = this.context.getSchema().getRootType(operation.operation) ?? undefined;
    return this.of(operation.selectionSet, root);
  }

  private of(selectionSet: SelectionSetNode, parent: GraphQLCompositeType | undefined): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        total += this.field(selection, parent);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? this.compositeType(selection.typeCondition.name.value)
          : parent;
        total += this.of(selection.selectionSet, type);
      } else {
        total += this.fragment(selection.name.value);
      }
    }
    return total;
  }

  private field(field: FieldNode, parent: GraphQLCompositeType | undefined): number {
    const name = field.name.value;
    if (name === '__typename') return 0;
    const weight = this.isMutationRoot(parent) ? (MUTATION_COSTS[name] ?? 1) : 1;
    const definition = this.definitionOf(name, parent);
    if (!field.selectionSet) return weight;
    const named = definition ? getNamedType(definition.type) : undefined;
    const children = this.of(field.selectionSet, isCompositeType(named) ? named : undefined);
    const isList = definition ? isListType(getNullableType(definition.type)) : false;
    return weight + (isList ? this.listSize(field) : 1) * children;
  }

  /**
   * The field's definition, `__schema` and `__type` included: they are not among the query
   * type's fields, and without their types the lists under them (`types`, `fields`, ...) would
   * not be multiplied, so aliased introspection would pass for a few fields.
   */
  private definitionOf(
    name: string,
    parent: GraphQLCompositeType | undefined,
  ): GraphQLField<unknown, unknown> | undefined {
    if (!parent) return undefined;
    if (parent === this.context.getSchema().getQueryType()) {
      if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
      if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    }
    return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  }

  private isMutationRoot(parent: GraphQLCompositeType | undefined): boolean {
    const mutation = this.context.getSchema().getMutationType();
    return !!parent && !!mutation && parent.name === mutation.name;
  }

  private listSize(field: FieldNode): number {
    for (const argument of field.arguments ?? []) {
      if (!PAGE_SIZE_ARGUMENTS.has(argument.name.value)) continue;
      const value = argument.value;
      if (value.kind === Kind.INT) return Number(value.value);
      if (value.kind === Kind.VARIABLE) {
        const fallback = this.operation?.variableDefinitions?.find(
          (definition) => definition.variable.name.value === value.name.value,
        )?.defaultValue;
        if (fallback?.kind === Kind.INT) return Math.max(Number(fallback.value), DEFAULT_LIST_SIZE);
      }
    }
    return DEFAULT_LIST_SIZE;
  }

  private fragment(name: string): number {
    const known = this.fragments.get(name);
    if (known !== undefined) return known;
    const fragment = this.context.getFragment(name);
    if (!fragment || this.expanding.has(name)) return 0;
    this.expanding.add(name);
    const cost = this.of(
      fragment.selectionSet,
      this.compositeType(fragment.typeCondition.name.value),
    );
    this.expanding.delete(name);
    this.fragments.set(name, cost);
    return cost;
  }

  private compositeType(name: string): GraphQLCompositeType | undefined {
    const type = this.context.getSchema().getType(name);
    return isCompositeType(type) ? type : undefined;
  }
}
