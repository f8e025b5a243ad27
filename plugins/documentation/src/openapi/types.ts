/**
 * The parts of an OpenAPI 3.1 document this plugin writes. Schemas are JSON Schema 2020-12
 * objects, kept open (`SchemaObject`) since plugins describe their own.
 */
export interface SchemaObject {
  [keyword: string]: unknown;
}

export interface ReferenceObject {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  style?: 'form' | 'simple' | 'deepObject';
  explode?: boolean;
  schema: SchemaObject;
}

export interface MediaTypeObject {
  schema: SchemaObject;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<ParameterObject | ReferenceObject>;
  requestBody?: RequestBodyObject | ReferenceObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
  security?: SecurityRequirement[];
  [extension: `x-${string}`]: unknown;
}

export type HttpVerb = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options';

export type PathItemObject = Partial<Record<HttpVerb, OperationObject>>;

export interface SecuritySchemeObject {
  type: 'http' | 'apiKey';
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  name?: string;
  in?: 'header' | 'query' | 'cookie';
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
  security?: SecurityRequirement[];
}

export const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
