/**
 * Builds the GraphQL schema with graphql-compose: the shared types, the shadow CRUD of every
 * content-type and component the extension service left enabled, then every extension in
 * registration order (types, SDL, resolvers, schema-composer plugins), and last the guard
 * around each generated root field and each `resolversConfig` entry.
 */
import { SchemaComposer } from 'graphql-compose';
import { Kind, parse, print, visit, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import type { Model, PluginContext } from '@platform/core';
import * as naming from '../naming';
import { errors } from '../errors';
import { addSharedTypes } from './shared-types';
import { entryTarget } from './attribute-types';
import { addDynamicZones, addFiltersInput, addInputType, addObjectType, type ModelTypesInput } from './model-types';
import { addOperations, type GeneratedActions } from './operations';
import { guardResolver } from '../execution/guard';
import { readEntityResponse, readEntityResponses } from '../execution/root-resolvers';
import { resolveSettings } from '../execution/settings';
import { cacheableFields, snapshotResolvers } from './cacheable-fields';
import { addDeclaredEnums, addDeclaredParams, addDeclaredRelationParams } from './declared-params';
import { addDeclaredTypes, declaredGraphql, declaredResolversConfig, declaredSchemaPlugin } from './declared-graphql';
import { addDeclaredOperations } from './declared-operations';
import { addNexusTypes, isNexusType, nexus } from './nexus-types';
import type { ExtensionService } from '../extension/extension-service';
import type { Extension, GraphqlConfig, GraphqlContext, ResolverConfig } from '../types';

/** The relation and media fields of every generated object type. */
function entryFieldsOf(input: ModelTypesInput): string[] {
  const out: string[] = [];
  for (const model of input.models.all()) {
    if (!input.exposed(model)) continue;
    for (const field of model.fields.values()) if (entryTarget(field, input.models)) out.push(`${naming.typeName(model)}.${field.name}`);
  }
  return out;
}

/** Several extensions may configure one resolver: their policies and middlewares add up, the last `auth` wins. */
function mergeConfig(into: Map<string, ResolverConfig>, key: string, config: ResolverConfig): void {
  const previous = into.get(key) ?? {};
  into.set(key, {
    ...(config.auth !== undefined ? { auth: config.auth } : previous.auth !== undefined ? { auth: previous.auth } : {}),
    policies: [...(previous.policies ?? []), ...(config.policies ?? [])],
    middlewares: [...(previous.middlewares ?? []), ...(config.middlewares ?? [])],
  });
}

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * SDL that defines a type the schema already has (`type Query { ... }`, `type Article { ... }`,
 * `input ArticleInput { ... }`) merges into it, as Strapi v4's typeDefs do: its fields are added
 * or replace the generated ones of the same name. Written as an extension, since graphql-compose
 * would otherwise keep the generated type and drop the SDL's silently.
 */
function existingTypesAsExtensions(typeDefs: string, exists: (name: string) => boolean): string {
  const document = parse(typeDefs);
  return print(
    visit(document, {
      ObjectTypeDefinition(node) {
        if (!ROOT_TYPES.has(node.name.value) && !exists(node.name.value)) return undefined;
        const { description: _description, ...rest } = node;
        return { ...rest, kind: Kind.OBJECT_TYPE_EXTENSION };
      },
      InputObjectTypeDefinition(node) {
        if (!exists(node.name.value)) return undefined;
        const { description: _description, ...rest } = node;
        return { ...rest, kind: Kind.INPUT_OBJECT_TYPE_EXTENSION };
      },
    }),
  );
}

function addExtensionTypes(composer: SchemaComposer<GraphqlContext>, extension: Extension, nexusTypes: unknown[]): void {
  for (const type of extension.types ?? []) {
    // nexus types are added together once every extension is in (./nexus-types.ts)
    if (isNexusType(type)) nexusTypes.push(type);
    else if (typeof (type as { getTypeName?: unknown }).getTypeName === 'function') composer.add(type as Parameters<typeof composer.add>[0]);
    else composer.add(type as GraphQLNamedType);
  }
  if (extension.typeDefs) composer.addTypeDefs(existingTypesAsExtensions(extension.typeDefs, (name) => composer.has(name)));
  if (extension.resolvers) composer.addResolveMethods(extension.resolvers as Parameters<typeof composer.addResolveMethods>[0]);
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  /** `Type.field` of every generated field that reads entries (root fields, relations, media): what the cost budget weighs */
  entryFields: ReadonlySet<string>;
  /** `Query.<field>` → content-type uid of every generated read (find, findOne, single type) */
  readRoots: ReadonlyMap<string, string>;
  /** `Type.field` of the fields whose answer only writes change (./cacheable-fields.ts) */
  cacheableFields: ReadonlySet<string>;
}

export function buildSchema(platform: PluginContext, config: GraphqlConfig, extension: ExtensionService): BuiltSchema {
  const composer = new SchemaComposer<GraphqlContext>();
  const models = platform.models;
  const settings = resolveSettings(config);
  const switches = (uid: string) => extension.shadowCRUD(uid);
  const exposed = (model: Model) => model.kind === 'component' || (config.shadowCRUD && switches(model.uid).isEnabled());
  const input: ModelTypesInput = { composer, models, exposed, switches, settings };
  // filled by the extensions below; the generated resolvers read it when they run
  const resolversConfig = new Map<string, ResolverConfig>();
  const actions: GeneratedActions = new Map();
  const declared = declaredGraphql(platform);
  const params = platform.service('plugin::query-engine.content-api').params.list();
  const deps = { platform, settings, resolversConfig };

  addSharedTypes(composer);
  if (config.shadowCRUD) {
    for (const component of models.components()) {
      addObjectType(input, component);
      addFiltersInput(input, component);
      addInputType(input, component);
    }
    for (const model of models.contentTypes()) {
      if (!exposed(model)) continue;
      addObjectType(input, model);
      addDynamicZones(input, model);
      addFiltersInput(input, model);
      addInputType(input, model);
      addOperations(composer, deps, model, switches(model.uid), actions);
    }
  }

  const generated = snapshotResolvers(composer);
  // what features declared for GraphQL (./declared-graphql.ts), before the extensions add theirs
  addDeclaredEnums(composer, params);
  addDeclaredTypes(composer, declared, models, exposed);
  if (config.shadowCRUD) addDeclaredParams(composer, models.contentTypes(), params, exposed);
  addDeclaredOperations(composer, deps, declared, exposed);
  for (const [key, value] of declaredResolversConfig(declared, models, exposed)) mergeConfig(resolversConfig, key, value);
  const plugins: Array<(composer: SchemaComposer<GraphqlContext>) => void> = [declaredSchemaPlugin(deps, declared, exposed, (schema) => addDeclaredRelationParams(schema, models, params))];
  const nexusTypes: unknown[] = [];
  for (const registered of extension.extensions()) {
    try {
      const ext =
        typeof registered === 'function'
          ? (registered({
              composer,
              platform,
              models,
              names: naming,
              isExposed: exposed,
              nexus,
              ...extension.providedArgs(),
              readEntityResponse: (model, id, context, info, options) => readEntityResponse(deps, model, id, context, info, options),
              readEntityResponses: (model, ids, context, info, options) => readEntityResponses(deps, model, ids, context, info, options),
            }) ?? {})
          : registered;
      addExtensionTypes(composer, ext, nexusTypes);
      plugins.push(...(ext.plugins ?? []));
      for (const [key, value] of Object.entries(ext.resolversConfig ?? {})) mergeConfig(resolversConfig, key, value);
    } catch (error) {
      throw errors.boot('SCHEMA_INVALID', `A GraphQL extension could not be added: ${(error as Error).message}`);
    }
  }
  if (nexusTypes.length > 0) {
    try {
      addNexusTypes(composer, nexusTypes);
    } catch (error) {
      throw errors.boot('SCHEMA_INVALID', `The GraphQL extensions' nexus types could not be added: ${(error as Error).message}`);
    }
  }
  for (const plugin of plugins) plugin(composer);
  const cacheable = cacheableFields(generated, composer, resolversConfig);

  for (const key of new Set([...actions.keys(), ...resolversConfig.keys()])) {
    const [typeName, fieldName] = key.split('.');
    if (!typeName || !fieldName || !composer.has(typeName)) continue;
    const tc = composer.getOTC(typeName);
    if (!tc.hasField(fieldName)) continue;
    const field = tc.getField(fieldName);
    const resolve = field.resolve ?? ((parent: unknown) => (parent as Record<string, unknown> | null)?.[fieldName]);
    tc.extendField(fieldName, { resolve: guardResolver({ resolve, generated: actions.get(key), config: resolversConfig.get(key), platform, key }) });
  }
  extension.close();
  try {
    const schema = composer.buildSchema({ keepUnusedTypes: true });
    const readRoots = new Map([...actions].filter(([key]) => key.startsWith('Query.')).map(([key, { uid }]) => [key, uid]));
    return { schema, entryFields: new Set([...actions.keys(), ...entryFieldsOf(input)]), readRoots, cacheableFields: cacheable };
  } catch (error) {
    throw errors.boot('SCHEMA_INVALID', `The GraphQL schema is invalid: ${(error as Error).message}`);
  }
}
