/**
 * The bounds of one operation, checked while it is validated (before anything runs), each a
 * 400: the nesting depth of its fields (`depthLimit`, introspection fields not counted), and
 * its cost (`maxCost`: every field 1, every field that reads entries `entryFieldCost` more),
 * counted through aliases and fragments as many times as they are used. A fragment's cost is
 * computed once and multiplied where it is spread, so a document of nested fragments is
 * measured in time linear in its size however large its expansion; a cycle of fragments is
 * reported by GraphQL's own rule and never followed here.
 */
import {
  GraphQLError,
  Kind,
  getNamedType,
  isObjectType,
  isInterfaceType,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type GraphQLNamedType,
} from 'graphql';

export interface OperationLimits {
  depthLimit: number;
  maxCost: number;
  entryFieldCost: number;
  /** whether a field of `type` reads entries (a root field, a relation, media) */
  readsEntries(parentType: string, fieldName: string): boolean;
}

interface Measure {
  depth: number;
  cost: number;
}

/** The cost and depth of each fragment, once; null while it is being measured (a cycle). */
type FragmentMeasures = Map<string, Measure | null>;

function fieldType(parent: GraphQLNamedType | undefined, name: string): GraphQLNamedType | undefined {
  if (!parent || !(isObjectType(parent) || isInterfaceType(parent))) return undefined;
  const field = parent.getFields()[name];
  return field ? getNamedType(field.type) : undefined;
}

function measureSet(
  schema: GraphQLSchema,
  limits: OperationLimits,
  fragments: Record<string, FragmentDefinitionNode>,
  measured: FragmentMeasures,
  set: SelectionSetNode | undefined,
  parent: GraphQLNamedType | undefined,
): Measure {
  let depth = 0;
  let cost = 0;
  if (!set) return { depth, cost };
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      const type = fieldType(parent, name);
      const inner = measureSet(schema, limits, fragments, measured, selection.selectionSet, type);
      const introspection = name.startsWith('__');
      const own = 1 + (parent && limits.readsEntries(parent.name, name) ? limits.entryFieldCost : 0);
      cost += own + inner.cost;
      if (!introspection) depth = Math.max(depth, selection.selectionSet ? 1 + inner.depth : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? parent) : parent;
      const inner = measureSet(schema, limits, fragments, measured, selection.selectionSet, type);
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
    } else {
      const inner = measureFragment(schema, limits, fragments, measured, selection.name.value);
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
    }
    // no need to go on once over the budget: the answer is a refusal
    if (cost > limits.maxCost) return { depth, cost };
  }
  return { depth, cost };
}

function measureFragment(schema: GraphQLSchema, limits: OperationLimits, fragments: Record<string, FragmentDefinitionNode>, measured: FragmentMeasures, name: string): Measure {
  if (measured.has(name)) return measured.get(name) ?? { depth: 0, cost: 0 };
  const fragment = fragments[name];
  if (!fragment) return { depth: 0, cost: 0 };
  measured.set(name, null);
  const result = measureSet(schema, limits, fragments, measured, fragment.selectionSet, schema.getType(fragment.typeCondition.name.value));
  measured.set(name, result);
  return result;
}

/** A validation rule refusing operations past the depth or cost limits. */
export function operationLimitsRule(limits: OperationLimits) {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    const measured: FragmentMeasures = new Map();
    const schema = context.getSchema();
    return {
      OperationDefinition(node: OperationDefinitionNode) {
        const rootType = node.operation === 'mutation' ? schema.getMutationType() : node.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
        const { depth, cost } = measureSet(schema, limits, fragments, measured, node.selectionSet, rootType ?? undefined);
        const name = node.name ? `'${node.name.value}'` : 'The operation';
        // as graphql-depth-limit counts: the root fields are depth 0
        if (depth - 1 > limits.depthLimit) {
          context.reportError(new GraphQLError(`${name} exceeds maximum operation depth of ${limits.depthLimit}`, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
        }
        if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`${name} exceeds the maximum cost of ${limits.maxCost} (fields, and ${limits.entryFieldCost} more for each field that reads entries)`, {
              nodes: [node],
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          );
        }
        return false;
      },
    };
  };
}
