/**
 * One OpenAPI operation per route. A route whose handler is a core action of a content-type
 * (`api::article.article.find`, wherever its path is) gets the content API's parameters, body
 * and envelopes from the model; any other route (a plugin's, a custom one) gets its path
 * parameters, a JSON body for writes and the error envelope, and whatever its plugin
 * described through this plugin's service (merged over it).
 */
import type { HttpMethod, Model, ModelRegistry, RouteDefinition } from '@platform/core';
import type { ParamDeclaration } from '@platform/query-engine';
import { schemaName, type ModelSchemas } from './model-schemas';
import { actionParameters, type ParameterDescription, type ReadAction } from './parameters';
import type { OpenApiPath } from './route-paths';
import { ERROR } from './shared-schemas';
import { ref, type HttpVerb, type OperationObject, type ParameterObject, type ResponseObject, type SchemaObject, type SecurityRequirement } from './types';

export const CORE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type CoreAction = (typeof CORE_ACTIONS)[number];

export const ERROR_RESPONSES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '500': 'InternalServerError',
};

const errorResponse = (status: string): { $ref: string } => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]}` });

export function sharedResponses(): Record<string, ResponseObject> {
  const out: Record<string, ResponseObject> = {};
  for (const [status, name] of Object.entries(ERROR_RESPONSES)) {
    out[name] = { description: `${name}: the error envelope (status ${status})`, content: { 'application/json': { schema: ref(ERROR) } } };
  }
  return out;
}

export function verbsOf(method: HttpMethod): HttpVerb[] {
  if (method === 'ALL') return ['get', 'post', 'put', 'patch', 'delete'];
  return [method.toLowerCase() as HttpVerb];
}

/** The content-type and core action a handler string names, if it names one. */
export function coreActionOf(models: ModelRegistry, route: RouteDefinition): { model: Model; action: CoreAction } | null {
  if (typeof route.handler !== 'string') return null;
  const at = route.handler.lastIndexOf('.');
  const model = models.find(route.handler.slice(0, at));
  const action = route.handler.slice(at + 1) as CoreAction;
  if (!model || model.kind === 'component' || !CORE_ACTIONS.includes(action)) return null;
  return { model, action };
}

export interface OperationInputs {
  schemas: ModelSchemas;
  declarations: readonly ParamDeclaration[];
  described: ReadonlyMap<string, ParameterDescription>;
}

const json = (schema: SchemaObject) => ({ 'application/json': { schema } });

function pathParameters(path: OpenApiPath, typed: Record<string, 'integer'> = {}): ParameterObject[] {
  return path.params.map((name) => ({ name, in: 'path', required: true, schema: { type: typed[name] ?? 'string' } }));
}

export function coreOperation(model: Model, action: CoreAction, path: OpenApiPath, inputs: OperationInputs): OperationObject {
  const name = inputs.schemas.nameOf(model.uid) as string;
  const single = model.kind === 'singleType';
  const read: ReadAction = action === 'find' ? (single ? 'findOne' : 'find') : action === 'findOne' ? 'findOne' : 'write';
  const parameters = [...pathParameters(path, { id: 'integer' }), ...actionParameters(model, read, inputs.declarations, inputs.described, inputs.schemas)];
  const ok = action === 'find' && !single ? ref(schemaName.list(name)) : ref(schemaName.response(name));
  const responses: OperationObject['responses'] = { '200': { description: 'OK', content: json(ok) }, '400': errorResponse('400'), '401': errorResponse('401'), '403': errorResponse('403') };
  if (action !== 'find' && action !== 'create') responses['404'] = errorResponse('404');
  if (single && action !== 'update') responses['404'] = errorResponse('404');
  responses['500'] = errorResponse('500');
  const operation: OperationObject = { summary: summaryOf(model, action), parameters, responses };
  if (action === 'create' || action === 'update') {
    operation.requestBody = { required: true, content: json(ref(schemaName.request(name))) };
  }
  return operation;
}

function summaryOf(model: Model, action: CoreAction): string {
  const display = model.singularName;
  switch (action) {
    case 'find':
      return model.kind === 'singleType' ? `Get the ${display}` : `List ${model.pluralName}`;
    case 'findOne':
      return `Get one ${display}`;
    case 'create':
      return `Create a ${display}`;
    case 'update':
      return model.kind === 'singleType' ? `Create or update the ${display}` : `Update a ${display}`;
    case 'delete':
      return `Delete ${model.kind === 'singleType' ? 'the' : 'a'} ${display}`;
  }
}

export function genericOperation(route: RouteDefinition, verb: HttpVerb, path: OpenApiPath): OperationObject {
  const operation: OperationObject = {
    summary: typeof route.handler === 'string' ? route.handler : `${route.method} ${route.path}`,
    parameters: pathParameters(path),
    responses: { '200': { description: 'OK' }, '400': errorResponse('400'), '404': errorResponse('404'), '500': errorResponse('500') },
  };
  if (route.config?.auth !== false) Object.assign(operation.responses, { '401': errorResponse('401'), '403': errorResponse('403') });
  if (verb === 'post' || verb === 'put' || verb === 'patch') operation.requestBody = { content: json({ type: 'object' }) };
  return operation;
}

/**
 * Who may call: nobody needs credentials on an `auth: false` route; the others take any of the
 * credentials the enabled plugins accept (`schemes`), or none when the public may call.
 */
export function securityOf(route: RouteDefinition, isPublic: boolean, schemes: readonly string[]): SecurityRequirement[] {
  if (route.config?.auth === false || schemes.length === 0) return [];
  const accepted: SecurityRequirement[] = schemes.map((name) => ({ [name]: [] }));
  return isPublic ? [...accepted, {}] : accepted;
}

/** A plugin's description over the generated operation: its keys win; its responses and parameters add to (or replace by key) the generated ones. */
export function mergeOperation(generated: OperationObject, described: Partial<OperationObject>): OperationObject {
  const merged: OperationObject = { ...generated, ...described, responses: { ...generated.responses, ...(described.responses ?? {}) } };
  if (described.parameters) {
    const key = (p: OperationObject['parameters'] extends Array<infer P> | undefined ? P : never) => ('$ref' in p ? p.$ref : `${p.in}:${p.name}`);
    const byKey = new Map((generated.parameters ?? []).map((p) => [key(p), p]));
    for (const p of described.parameters) byKey.set(key(p), p);
    merged.parameters = [...byKey.values()];
  }
  return merged;
}
