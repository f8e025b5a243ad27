/**
 * What features declared to the query engine's content API for the transports (route
 * descriptions, schemas, credentials), in this document's words: their model references
 * (`modelSchemaRef`) become `#/components/schemas/<name>`. A reference to a model without a
 * schema here drops the `allOf` item that holds it; anywhere else it drops the whole
 * description, which would otherwise point at nothing.
 */
import type { Declarations } from '@platform/query-engine';
import { parseModelSchemaRef } from '@platform/query-engine';
import type { OperationObject, SchemaObject, SecuritySchemeObject } from './types';
import { RouteDescriptions } from '../route-descriptions';

type NameOf = (uid: string) => string | undefined;

const UNRESOLVED = Symbol('unresolved');

function resolve(value: unknown, nameOf: NameOf): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(item, nameOf));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      const model = parseModelSchemaRef(item);
      if (model) {
        const name = nameOf(model.uid);
        if (!name) throw UNRESOLVED;
        out[key] = `#/components/schemas/${name}${model.suffix}`;
        continue;
      }
    }
    if (key === 'allOf' && Array.isArray(item)) {
      out[key] = item.flatMap((entry) => {
        try {
          return [resolve(entry, nameOf)];
        } catch (error) {
          if (error === UNRESOLVED) return [];
          throw error;
        }
      });
      continue;
    }
    out[key] = resolve(item, nameOf);
  }
  return out;
}

function resolved<T>(value: T, nameOf: NameOf): T | undefined {
  try {
    return resolve(value, nameOf) as T;
  } catch (error) {
    if (error === UNRESOLVED) return undefined;
    throw error;
  }
}

/** The declared route descriptions, added to `into` after what was described there already. */
export function declaredRoutes(declarations: Declarations, nameOf: NameOf, into: RouteDescriptions): RouteDescriptions {
  const out = new RouteDescriptions();
  out.addAll(into);
  for (const { match, description } of declarations.routes()) {
    const operation = resolved(description, nameOf) as Partial<OperationObject> | undefined;
    if (operation) out.add(match, operation);
  }
  return out;
}

export function declaredSchemas(declarations: Declarations, nameOf: NameOf): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  for (const [name, schema] of Object.entries(declarations.schemas())) {
    const done = resolved(schema, nameOf);
    if (done) out[name] = done;
  }
  return out;
}

export function declaredCredentials(declarations: Declarations): Record<string, SecuritySchemeObject> {
  return { ...declarations.credentials() } as Record<string, SecuritySchemeObject>;
}
