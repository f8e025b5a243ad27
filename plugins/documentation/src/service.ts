/**
 * The plugin's service, `plugin::documentation.openapi`: the document on demand, and the
 * extension points other plugins describe themselves through (their routes, the query
 * parameters they declared, schemas their descriptions refer to, and who may call a route).
 * The document is built from the models and the route table each time it is asked for, not
 * kept: who may call a route (`publicAccess`) can change while the app runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PluginContext } from '@platform/core';
import type { DocumentOptions } from './openapi/document';
import { modelName } from './openapi/names';
import type { ParameterDescription } from './openapi/parameters';
import { createDocumentationHooks, type DocumentationHooks } from './openapi/route-access';
import type { OpenApiDocument, OperationObject, SchemaObject, SecuritySchemeObject } from './openapi/types';
import { RouteDescriptions, type RouteMatch } from './route-descriptions';

export interface DocumentationConfig extends Record<string, unknown> {
  /** the page at /documentation (default: on unless NODE_ENV is production) */
  ui?: boolean;
  /** GET /api/openapi.json shows only what the public role may call */
  public?: boolean;
  /** `platform develop` writes the content model's types to types/generated (default true) */
  types?: boolean;
  title?: string;
  version?: string;
}

export interface DocumentationService {
  readonly hooks: DocumentationHooks;
  /** An OpenAPI operation fragment for the routes `match` names, merged over the generated one. */
  describeRoute(match: RouteMatch, operation: Partial<OperationObject>): void;
  /** The description of a query parameter the plugin declared to the content API. */
  describeParameter(name: string, description: ParameterDescription): void;
  /**
   * A kind of credentials the plugin accepts (`bearerAuth`: a user's JWT; `apiToken`): every
   * route that authenticates lists it, and the document's `securitySchemes` holds it.
   */
  addSecurityScheme(name: string, scheme: SecuritySchemeObject): void;
  /** Component schemas the plugin's descriptions refer to (`#/components/schemas/<name>`). */
  addSchemas(schemas: Record<string, SchemaObject>): void;
  /** The name of a model's schemas in the document (`Article`: `#/components/schemas/ArticleInput`...); from bootstrap on. */
  schemaName(uid: string): string | undefined;
  /** The document of the routes mounted now (complete once the server is built). */
  document(options?: DocumentOptions): Promise<OpenApiDocument>;
}

function appPackage(appDir: string): { name?: string; version?: string } {
  try {
    return JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { name?: string; version?: string };
  } catch {
    return {};
  }
}

/** The document's builder loads when a document is first asked for, not with the platform. */
const documentModule = () => require('./openapi/document') as typeof import('./openapi/document');
/** Loads with the document's builder, when a document is first asked for. */
const declaredModule = () => require('./openapi/declared') as typeof import('./openapi/declared');

export function createDocumentationService(ctx: PluginContext<DocumentationConfig>): DocumentationService {
  const hooks = createDocumentationHooks();
  const descriptions = new RouteDescriptions();
  const parameters = new Map<string, ParameterDescription>();
  const schemas: Record<string, SchemaObject> = {};
  const securitySchemes: Record<string, SecuritySchemeObject> = {};
  return {
    hooks,
    describeRoute: (match, operation) => descriptions.add(match, operation),
    describeParameter: (name, description) => parameters.set(name, description),
    addSchemas: (more) => Object.assign(schemas, more),
    addSecurityScheme: (name, scheme) => {
      securitySchemes[name] = scheme;
    },
    schemaName: (uid) => modelName(ctx.models, uid),
    async document(options = {}) {
      const pkg = appPackage(ctx.appDir);
      // what the features declared to the content API, read now: this plugin is above them
      const contentApi = ctx.service('plugin::query-engine.content-api');
      const declared = contentApi.declarations;
      const nameOf = (uid: string) => modelName(ctx.models, uid);
      const { declaredCredentials, declaredRoutes, declaredSchemas } = declaredModule();
      return documentModule().buildDocument(
        {
          title: ctx.config.title ?? (pkg.name ? `${pkg.name} API` : 'API'),
          version: ctx.config.version ?? pkg.version ?? '1.0.0',
          models: ctx.models,
          routes: ctx.routes(),
          declarations: contentApi.params.list(),
          parameters,
          descriptions: declaredRoutes(declared, nameOf, descriptions),
          schemas: { ...schemas, ...declaredSchemas(declared, nameOf) },
          securitySchemes: { ...securitySchemes, ...declaredCredentials(declared) },
          hooks,
          declaredAccess: declared.publicAccess,
        },
        options,
      );
    },
  };
}
