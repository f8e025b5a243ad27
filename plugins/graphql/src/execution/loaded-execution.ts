/**
 * Queries answered from what their root fields loaded, without graphql-js's machinery for every
 * field of every entry. A root field reads its whole selection in one engine read (./plan.ts);
 * every generated nested field then only reads its parent entry (./loaded-reads.ts). graphql-js
 * still spent, for each of those fields, a resolve info, arguments, a promise check and an
 * object without prototype (which JSON.stringify serializes slowly): on a page of 25 entries
 * with 3 relations, about 700 fields, more than the page's SQL.
 *
 * A document whose chosen operation is a query made only of plain fields (aliases allowed; no
 * fragments, no directives, no introspection, no abstract types) over generated read root
 * fields and nested fields read by default or by a generated resolver is compiled once into
 * a function per field that reads and serializes its value as graphql-js would. Its root
 * fields' resolvers run as graphql-js runs them (the same arguments and resolve info). Any
 * other document runs through graphql-js; and so does a compiled one whose run meets what
 * graphql-js would answer with errors (a resolver failing, a null where the schema promises a
 * value, a value its scalar refuses, variables that do not coerce): it is executed again by
 * graphql-js, whose answer is sent, so errors keep their exact shape. Those root fields only
 * read, so running one again changes nothing.
 */
import {
  execute,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { GraphqlContext } from '../types';
import { componentItems, relationResponse, type Parent } from './field-resolvers';
import { loadedStartAt } from './list-windows';
import { loadedRead } from './loaded-reads';

/** thrown where graphql-js would answer with an error: the operation is executed by graphql-js instead */
const FALL_BACK = Symbol('run by graphql-js');

/** one execution of a compiled operation */
interface Run {
  context: GraphqlContext;
  variables: Record<string, unknown>;
  /** the response key of the root field being completed */
  root: string;
}

type Complete = (value: unknown, run: Run) => unknown;
type Read = (parent: Parent, run: Run) => unknown;
type Field = GraphQLField<unknown, unknown>;

interface RootField {
  key: string;
  node: FieldNode;
  definition: Field;
  resolve: NonNullable<Field['resolve']>;
  complete: Complete;
  /** its arguments when they name no variable, computed once (each run gets a copy: the resolver owns its arguments) */
  fixed: Record<string, unknown> | null;
}

interface Compiled {
  operation: OperationDefinitionNode;
  queryType: GraphQLObjectType;
  fields: RootField[];
}

const isThenable = (value: unknown): boolean => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** A field's response key, or null when the selection is not one this module completes. */
function plainField(selection: SelectionSetNode['selections'][number], keys: Set<string>): string | null {
  if (selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0) return null;
  const key = selection.alias?.value ?? selection.name.value;
  // a key selected twice merges selections (graphql-js's rule), `__proto__` is no plain key
  if (keys.has(key) || key === '__proto__') return null;
  keys.add(key);
  return key;
}

/** a copy of the arrays and plain objects of `value`; anything else (a scalar's own value) as it is */
function copyPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyPlain);
  if (typeof value !== 'object' || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = copyPlain(item);
  return out;
}

/** whether a field's arguments name a variable */
function usesVariables(node: FieldNode): boolean {
  let found = false;
  for (const argument of node.arguments ?? []) {
    visit(argument.value, {
      Variable() {
        found = true;
      },
    });
  }
  return found;
}

/** What graphql-js's default resolver reads, or what the generated resolver reads; null for any other resolver. */
function readerOf(definition: Field, node: FieldNode): Read | null {
  const own =
    (name: string): Read =>
    (parent) => {
      const value = parent[name];
      // the default resolver calls a function and awaits a promise: rare enough to leave to graphql-js
      if (typeof value === 'function' || isThenable(value)) throw FALL_BACK;
      return value;
    };
  if (definition.resolve === undefined) return own(definition.name);
  const read = loadedRead(definition.resolve);
  if (!read) return null;
  // arguments as graphql-js gives them (defaults applied, variables read): computed once when they name no variable
  const fixed = usesVariables(node) ? null : getArgumentValues(definition, node);
  const args = (run: Run) => fixed ?? getArgumentValues(definition, node, run.variables);
  switch (read.kind) {
    case 'property':
      return own(read.name);
    case 'self':
      return (parent) => parent;
    case 'relation':
      if (!read.many) return (parent) => relationResponse(parent, read, {}, undefined);
      return (parent, run) => relationResponse(parent, read, args(run), () => loadedStartAt(run.context, run.root, node));
    case 'components':
      return (parent, run) => componentItems(parent, read.name, args(run), read.settings);
  }
}

function compileObject(type: GraphQLObjectType, set: SelectionSetNode | undefined): Complete | null {
  if (!set || type.isTypeOf) return null;
  const fields: Array<{ key: string; read: Read; complete: Complete }> = [];
  const keys = new Set<string>();
  for (const selection of set.selections) {
    const key = plainField(selection, keys);
    if (key === null || selection.kind !== Kind.FIELD) return null;
    const name = selection.name.value;
    if (name === '__typename') {
      fields.push({ key, read: () => type.name, complete: (value) => value });
      continue;
    }
    const definition = type.getFields()[name];
    if (!definition || name.startsWith('__')) return null;
    const read = readerOf(definition, selection);
    const complete = compileType(definition.type, selection.selectionSet);
    if (!read || !complete) return null;
    fields.push({ key, read, complete });
  }
  return (value, run) => {
    if (typeof value !== 'object') throw FALL_BACK;
    const out: Record<string, unknown> = {};
    for (const field of fields) out[field.key] = field.complete(field.read(value as Parent, run), run);
    return out;
  };
}

/** How a value of `type` is completed (graphql-js's completeValue), or null when this module does not. */
function compileType(type: GraphQLOutputType, set: SelectionSetNode | undefined): Complete | null {
  if (isNonNullType(type)) {
    const inner = compileType(type.ofType, set);
    if (!inner) return null;
    return (value, run) => {
      const done = inner(value, run);
      if (done === null) throw FALL_BACK;
      return done;
    };
  }
  let complete: Complete | null = null;
  if (isListType(type)) {
    const item = compileType(type.ofType, set);
    if (!item) return null;
    complete = (value, run) => {
      if (!Array.isArray(value)) throw FALL_BACK;
      return value.map((one) => item(one, run));
    };
  } else if (isLeafType(type)) {
    if (set) return null;
    complete = (value) => {
      let serialized: unknown;
      try {
        serialized = type.serialize(value);
      } catch {
        throw FALL_BACK;
      }
      if (serialized === undefined) throw FALL_BACK;
      return serialized;
    };
  } else if (isObjectType(type)) {
    complete = compileObject(type, set);
  }
  if (!complete) return null;
  const whole = complete;
  return (value, run) => {
    if (value === null || value === undefined) return null;
    if (value instanceof Error || isThenable(value)) throw FALL_BACK;
    return whole(value, run);
  };
}

function compile(args: ExecutionArgs, readOnlyRoots: ReadonlySet<string>): Compiled | null {
  const { schema, document } = args;
  const operation = getOperationAST(document, args.operationName);
  const queryType = schema.getQueryType();
  if (operation?.operation !== 'query' || !queryType || queryType.isTypeOf) return null;
  if (document.definitions.some((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)) return null;
  const fields: RootField[] = [];
  const keys = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    const key = plainField(selection, keys);
    if (key === null || selection.kind !== Kind.FIELD) return null;
    const definition = queryType.getFields()[selection.name.value];
    if (!definition?.resolve || !readOnlyRoots.has(`${queryType.name}.${definition.name}`)) return null;
    const complete = compileType(definition.type, selection.selectionSet);
    if (!complete) return null;
    const fixed = usesVariables(selection) ? null : getArgumentValues(definition, selection);
    fields.push({ key, node: selection, definition, resolve: definition.resolve, complete, fixed });
  }
  return fields.length > 0 ? { operation, queryType, fields } : null;
}

/** graphql-js's execution of what the compiled one cannot answer alike */
const byGraphqlJs = (args: ExecutionArgs) => execute(args) as Promise<ExecutionResult> | ExecutionResult;

async function run(compiled: Compiled, args: ExecutionArgs): Promise<ExecutionResult> {
  const { operation, queryType, fields } = compiled;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], (args.variableValues ?? {}) as Record<string, unknown>);
  if (coerced.errors) return byGraphqlJs(args);
  const variables = coerced.coerced;
  let fieldArgs: Array<Record<string, unknown>>;
  try {
    fieldArgs = fields.map((field) => (field.fixed ? (copyPlain(field.fixed) as Record<string, unknown>) : getArgumentValues(field.definition, field.node, variables)));
  } catch {
    return byGraphqlJs(args);
  }
  const context = args.contextValue as GraphqlContext;
  // the root fields side by side, as graphql-js runs a query's
  const pending = fields.map(async (field, index) => {
    const info: GraphQLResolveInfo = {
      fieldName: field.definition.name,
      fieldNodes: [field.node],
      returnType: field.definition.type,
      parentType: queryType,
      path: { prev: undefined, key: field.key, typename: queryType.name },
      schema: args.schema,
      fragments: Object.create(null),
      rootValue: args.rootValue,
      operation,
      variableValues: variables,
    };
    return field.resolve(args.rootValue, fieldArgs[index], context, info);
  });
  const settled = await Promise.allSettled(pending);
  const data: Record<string, unknown> = {};
  try {
    fields.forEach((field, index) => {
      const outcome = settled[index];
      if (outcome?.status !== 'fulfilled') throw FALL_BACK;
      data[field.key] = field.complete(outcome.value, { context, variables, root: field.key });
    });
  } catch {
    return byGraphqlJs(args);
  }
  return { data };
}

/**
 * graphql-http's `execute`: a compiled operation's answer when its document has one (compiled
 * on its first request, once per document and operation name), else graphql-js's.
 * `readOnlyRoots`: the root fields (`Query.articles`) that only read, so running one again when
 * graphql-js must answer changes nothing: the generated reads no extension replaced or gave
 * policies or middlewares (the fields the response cache trusts too).
 */
export function createLoadedExecution(readOnlyRoots: ReadonlySet<string>) {
  const compiledOf = new WeakMap<DocumentNode, Map<string | null, Compiled | null>>();
  return (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult => {
    let byName = compiledOf.get(args.document);
    if (!byName) {
      byName = new Map();
      compiledOf.set(args.document, byName);
    }
    const name = args.operationName ?? null;
    let compiled = byName.get(name);
    if (compiled === undefined) {
      try {
        compiled = compile(args, readOnlyRoots);
      } catch {
        // an argument graphql-js would refuse while running (a scalar's own check): it answers it
        compiled = null;
      }
      byName.set(name, compiled);
    }
    return compiled ? run(compiled, args) : byGraphqlJs(args);
  };
}
