/**
 * Types written with nexus, as Strapi v4's GraphQL extensions are (`types: [nexus.extendType({
 * type: 'Query', definition(t) { t.field(...) } })]`). nexus builds a whole schema, so the
 * generated one is handed to it (`mergeSchema`) and what nexus adds is read back: new types, and
 * new fields and values of the generated types. They enter the schema composer the way SDL
 * extensions do (their definitions printed as SDL, their resolvers beside them; scalars and
 * enums as they are), so the generated resolvers, `resolversConfig` and the guards apply to
 * them as to any extension's fields.
 */
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLObjectType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  printType,
  type GraphQLFieldResolver,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { SchemaComposer } from 'graphql-compose';
import * as nexus from 'nexus';
import type { GraphqlContext } from '../types';

export { nexus };

/** Whether `value` is a nexus type definition (an `objectType`, an `extendType`, ...). */
export function isNexusType(value: unknown): boolean {
  return nexus.core.isNexusStruct(value);
}

type FieldResolvers = Record<string, GraphQLFieldResolver<unknown, GraphqlContext>>;

/** `type X { a b }` printed as `extend type X { a }` with only the fields named in `names`. */
function extensionOf(type: GraphQLObjectType | GraphQLInputObjectType | GraphQLEnumType, names: string[]): string {
  if (type instanceof GraphQLEnumType) {
    const config = type.toConfig();
    const values = Object.fromEntries(Object.entries(config.values).filter(([name]) => names.includes(name)));
    return printType(new GraphQLEnumType({ ...config, description: undefined, values })).replace(/^enum /, 'extend enum ');
  }
  if (type instanceof GraphQLInputObjectType) {
    const config = type.toConfig();
    const fields = Object.fromEntries(Object.entries(config.fields).filter(([name]) => names.includes(name)));
    return printType(new GraphQLInputObjectType({ ...config, description: undefined, fields })).replace(/^input /, 'extend input ');
  }
  const config = type.toConfig();
  const fields = Object.fromEntries(Object.entries(config.fields).filter(([name]) => names.includes(name)));
  return printType(new GraphQLObjectType({ ...config, description: undefined, interfaces: [], fields })).replace(/^type /, 'extend type ');
}

function resolversOf(type: GraphQLNamedType, names?: string[]): FieldResolvers {
  if (!isObjectType(type)) return {};
  const out: FieldResolvers = {};
  for (const [name, field] of Object.entries(type.getFields())) {
    if (field.resolve && (!names || names.includes(name))) out[name] = field.resolve as GraphQLFieldResolver<unknown, GraphqlContext>;
  }
  return out;
}

/** The names of what `merged` has in `type` that `base`'s type of that name has not. */
function added(type: GraphQLNamedType, before: GraphQLNamedType): string[] {
  if ((isObjectType(type) || isInputObjectType(type)) && (isObjectType(before) || isInputObjectType(before))) {
    const known = before.getFields();
    return Object.keys(type.getFields()).filter((name) => !Object.hasOwn(known, name));
  }
  if (isEnumType(type) && isEnumType(before)) {
    const known = new Set(before.getValues().map((value) => value.name));
    return type
      .getValues()
      .map((value) => value.name)
      .filter((name) => !known.has(name));
  }
  return [];
}

/** Adds the nexus `types` to `composer`, whose schema so far they may extend and refer to. */
export function addNexusTypes(composer: SchemaComposer<GraphqlContext>, types: unknown[]): void {
  const base: GraphQLSchema = composer.buildSchema({ keepUnusedTypes: true });
  const merged = nexus.makeSchema({
    types: types as Parameters<typeof nexus.makeSchema>[0]['types'],
    mergeSchema: { schema: base },
    shouldGenerateArtifacts: false,
    shouldExitAfterGenerateArtifacts: false,
    // Strapi v4's nexus schema leaves outputs nullable unless a definition says otherwise
    nonNullDefaults: { output: false, input: false },
  });
  const sdl: string[] = [];
  const resolvers: Record<string, FieldResolvers> = {};
  const abstract: Array<GraphQLNamedType> = [];
  for (const [name, type] of Object.entries(merged.getTypeMap())) {
    if (name.startsWith('__')) continue;
    const before = base.getType(name);
    if (!before) {
      if (isScalarType(type) || isEnumType(type)) {
        composer.add(type);
        continue;
      }
      sdl.push(printType(type));
      resolvers[name] = resolversOf(type);
      if (isInterfaceType(type) || isUnionType(type)) abstract.push(type);
      continue;
    }
    const names = added(type, before);
    if (names.length === 0) continue;
    sdl.push(extensionOf(type as GraphQLObjectType | GraphQLInputObjectType | GraphQLEnumType, names));
    resolvers[name] = resolversOf(type, names);
  }
  if (sdl.length > 0) composer.addTypeDefs(sdl.join('\n\n'));
  const withResolvers = Object.fromEntries(Object.entries(resolvers).filter(([, fields]) => Object.keys(fields).length > 0));
  if (Object.keys(withResolvers).length > 0) composer.addResolveMethods(withResolvers as Parameters<typeof composer.addResolveMethods>[0]);
  // what tells the members of an interface or a union apart does not survive the SDL
  for (const type of abstract) {
    if (isInterfaceType(type) && type.resolveType) composer.getIFTC(type.name).setResolveType(type.resolveType as never);
    if (isUnionType(type) && type.resolveType) composer.getUTC(type.name).setResolveType(type.resolveType as never);
  }
}
