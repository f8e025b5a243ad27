/**
 * Queries answered from what their root fields loaded, without graphql-js's machinery for every
 * field of every entry. A root field reads its whole selection in one engine read (./plan.ts);
 * every generated nested field then only reads its parent entry (./loaded-reads.ts). graphql-js
 * still spent, for each of those fields, a resolve info, arguments, a promise check and an
 * object without prototype (which JSON.stringify serializes slowly): on a page of 25 entries
 * with 3 relations, about 700 fields, more than the page's SQL.
 *
 * A document whose chosen operation is a query over generated read root fields and nested
 * fields read by default or by a generated resolver (aliases, fragments, inline fragments,
 * `@skip` and `@include` allowed; no other directive, no introspection, no abstract types) is
 * compiled once into a function per field that reads and serializes its value as graphql-js
 * would. Its fields are collected as graphql-js collects them (its own `collectFields`), so
 * keys, their order and merged selections are the same; a document whose `@skip`/`@include`
 * name variables is compiled once per combination of their values. Its root
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
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { GraphqlContext } from '../types';
import { collectFields, collectSubfields } from 'graphql/execution/collectFields';
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
  /** the field's nodes as graphql-js collects them (one per selection of its response key) */
  nodes: readonly FieldNode[];
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

/** What field collection reads of a document: its fragments, and the variables it was collected with */
interface Collecting {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** One operation of a document: the variables its `@skip`/`@include` read, and its compilations by their values */
interface OperationEntry {
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  conditionVariables: string[];
  byConditions: Map<string, Compiled | null>;
}

const CONDITIONS = new Set(['skip', 'include']);
/** compilations kept per operation: n condition variables could ask for 2^n of them */
const MAX_CONDITION_COMBINATIONS = 16;

const isThenable = (value: unknown): boolean => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * The operation's fragments and the variables its `@skip`/`@include` conditions read, or null
 * when it carries another directive (graphql-js ignores those, but a resolver may read them
 * from its field nodes: such documents stay with graphql-js).
 */
function operationEntry(document: DocumentNode, operation: OperationDefinitionNode): OperationEntry | null {
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const conditionVariables = new Set<string>();
  let other = false;
  let inCondition = 0;
  const inspect = (definition: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(definition, {
      enter(node) {
        // a variable definition's directives are not the selections'
        if (node.kind === Kind.VARIABLE_DEFINITION) return false;
        if (node.kind === Kind.DIRECTIVE && !CONDITIONS.has(node.name.value)) other = true;
        if (node.kind === Kind.VARIABLE && inCondition > 0) conditionVariables.add(node.name.value);
        if (node.kind === Kind.DIRECTIVE) inCondition += 1;
        return undefined;
      },
      leave(node) {
        if (node.kind === Kind.DIRECTIVE) inCondition -= 1;
      },
    });
  inspect(operation);
  for (const fragment of Object.values(fragments)) inspect(fragment);
  if (other) return null;
  return { operation, fragments, conditionVariables: [...conditionVariables].sort(), byConditions: new Map() };
}

/** The values of the condition variables of a run, as the key of its compilation */
function conditionsKey(entry: OperationEntry, variables: Record<string, unknown>): string {
  let key = '';
  for (const name of entry.conditionVariables) key += `${JSON.stringify(variables[name]) ?? 'undefined'},`;
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

function compileObject(type: GraphQLObjectType, nodes: readonly FieldNode[], collecting: Collecting): Complete | null {
  if (type.isTypeOf || nodes.some((node) => !node.selectionSet)) return null;
  const fields: Array<{ key: string; read: Read; complete: Complete }> = [];
  const { schema, fragments, variables } = collecting;
  for (const [key, selected] of collectSubfields(schema, fragments, variables, type, nodes)) {
    const first = selected[0];
    // `__proto__` is no plain key of the answer's objects
    if (!first || key === '__proto__') return null;
    const name = first.name.value;
    if (name === '__typename') {
      fields.push({ key, read: () => type.name, complete: (value) => value });
      continue;
    }
    const definition = type.getFields()[name];
    if (!definition || name.startsWith('__')) return null;
    // arguments as graphql-js reads them: from the first of the key's nodes
    const read = readerOf(definition, first);
    const complete = compileType(definition.type, selected, collecting);
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
function compileType(type: GraphQLOutputType, nodes: readonly FieldNode[], collecting: Collecting): Complete | null {
  if (isNonNullType(type)) {
    const inner = compileType(type.ofType, nodes, collecting);
    if (!inner) return null;
    return (value, run) => {
      const done = inner(value, run);
      if (done === null) throw FALL_BACK;
      return done;
    };
  }
  let complete: Complete | null = null;
  if (isListType(type)) {
    const item = compileType(type.ofType, nodes, collecting);
    if (!item) return null;
    complete = (value, run) => {
      if (!Array.isArray(value)) throw FALL_BACK;
      return value.map((one) => item(one, run));
    };
  } else if (isLeafType(type)) {
    if (nodes.some((node) => node.selectionSet)) return null;
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
    complete = compileObject(type, nodes, collecting);
  }
  if (!complete) return null;
  const whole = complete;
  return (value, run) => {
    if (value === null || value === undefined) return null;
    if (value instanceof Error || isThenable(value)) throw FALL_BACK;
    return whole(value, run);
  };
}

function compile(args: ExecutionArgs, entry: OperationEntry, variables: Record<string, unknown>, readOnlyRoots: ReadonlySet<string>): Compiled | null {
  const { schema } = args;
  const { operation, fragments } = entry;
  const queryType = schema.getQueryType();
  // only queries have an entry (createLoadedExecution)
  if (!queryType || queryType.isTypeOf) return null;
  const collecting: Collecting = { schema, fragments, variables };
  const fields: RootField[] = [];
  for (const [key, nodes] of collectFields(schema, fragments, variables, queryType, operation.selectionSet)) {
    const first = nodes[0];
    if (!first || key === '__proto__') return null;
    const definition = queryType.getFields()[first.name.value];
    if (!definition?.resolve || !readOnlyRoots.has(`${queryType.name}.${definition.name}`)) return null;
    const complete = compileType(definition.type, nodes, collecting);
    if (!complete) return null;
    const fixed = usesVariables(first) ? null : getArgumentValues(definition, first);
    fields.push({ key, nodes, definition, resolve: definition.resolve, complete, fixed });
  }
  return fields.length > 0 ? { operation, queryType, fields } : null;
}

/** graphql-js's execution of what the compiled one cannot answer alike */
const byGraphqlJs = (args: ExecutionArgs) => execute(args) as Promise<ExecutionResult> | ExecutionResult;

async function run(compiled: Compiled, args: ExecutionArgs, fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>): Promise<ExecutionResult> {
  const { operation, queryType, fields } = compiled;
  let fieldArgs: Array<Record<string, unknown>>;
  try {
    fieldArgs = fields.map((field) => (field.fixed ? (copyPlain(field.fixed) as Record<string, unknown>) : getArgumentValues(field.definition, field.nodes[0] as FieldNode, variables)));
  } catch {
    return byGraphqlJs(args);
  }
  const context = args.contextValue as GraphqlContext;
  // the root fields side by side, as graphql-js runs a query's
  const pending = fields.map(async (field, index) => {
    const info: GraphQLResolveInfo = {
      fieldName: field.definition.name,
      fieldNodes: field.nodes,
      returnType: field.definition.type,
      parentType: queryType,
      path: { prev: undefined, key: field.key, typename: queryType.name },
      schema: args.schema,
      fragments,
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
  // by operation node: what is kept grows with the documents' operations, never with the
  // operation names clients send (an unknown one is graphql-js's to answer, and keeps nothing)
  const entries = new WeakMap<OperationDefinitionNode, OperationEntry | null>();
  const entryOf = (args: ExecutionArgs): OperationEntry | null => {
    const operation = getOperationAST(args.document, args.operationName);
    if (operation?.operation !== 'query') return null;
    let entry = entries.get(operation);
    if (entry === undefined) {
      entry = operationEntry(args.document, operation);
      entries.set(operation, entry);
    }
    return entry;
  };
  return (args: ExecutionArgs): Promise<ExecutionResult> | ExecutionResult => {
    const entry = entryOf(args);
    if (!entry) return byGraphqlJs(args);
    const coerced = getVariableValues(args.schema, entry.operation.variableDefinitions ?? [], (args.variableValues ?? {}) as Record<string, unknown>);
    if (coerced.errors) return byGraphqlJs(args);
    const variables = coerced.coerced;
    const key = conditionsKey(entry, variables);
    let compiled = entry.byConditions.get(key);
    if (compiled === undefined) {
      if (entry.byConditions.size >= MAX_CONDITION_COMBINATIONS) return byGraphqlJs(args);
      try {
        compiled = compile(args, entry, variables, readOnlyRoots);
      } catch {
        // an argument or a condition graphql-js would refuse while running (a scalar's own check): it answers it
        compiled = null;
      }
      entry.byConditions.set(key, compiled);
    }
    return compiled ? run(compiled, args, entry.fragments, variables) : byGraphqlJs(args);
  };
}
