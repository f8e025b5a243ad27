/**
 * The registry of client query parameters. The engine declares its own; a plugin declares the
 * ones it interprets in its `register` (draft-publish `publicationState`, i18n `locale`), so a
 * disabled plugin declares nothing and its parameter is dropped like any unknown key. Only
 * declared parameters ever reach the entity service: the engine's internal flags cannot be
 * declared, so no transport can take them from a client.
 */
import { isPlainObject, ValidationError } from '@platform/core';
import { errors } from '../errors';
import type { FindParams } from '../types';
import type { ParamDeclaration, ParamKind } from './types';

/** Flags only internal callers set on FindParams; never a client parameter. */
export const INTERNAL_PARAMS: ReadonlySet<string> = new Set(['includePrivate', 'includeHidden']);

/** The engine's own parameters (Strapi v4's REST query), in the order they are checked. */
export const ENGINE_PARAMS: readonly ParamDeclaration[] = [
  { name: '_q', owner: 'query-engine', kinds: ['string'] },
  { name: 'filters', owner: 'query-engine', kinds: ['object'] },
  { name: 'pagination', owner: 'query-engine', kinds: ['object'] },
  { name: 'fields', owner: 'query-engine', kinds: ['string', 'string[]'] },
  { name: 'sort', owner: 'query-engine', kinds: ['string', 'array', 'object'] },
  { name: 'populate', owner: 'query-engine', kinds: ['null', 'string', 'array', 'object'] },
];

export interface ParamRegistry {
  /** Declares a client parameter; a duplicate, an internal flag or a late declaration stops boot. */
  declare(declaration: ParamDeclaration): void;
  has(name: string): boolean;
  list(): readonly ParamDeclaration[];
  /** Throws the 400 `Invalid parameter <name>` for the first declared parameter of the wrong shape. */
  validate(query: Record<string, unknown> | undefined): void;
  /** The declared parameters of `query`, nothing else. */
  pick(query: Record<string, unknown> | undefined): FindParams;
  /** No declaration after this (the query engine locks it once every plugin registered). */
  lock(): void;
}

function hasKind(value: unknown, kind: ParamKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    case 'null':
      return value === null;
  }
}

export function createParamRegistry(): ParamRegistry {
  const declarations: ParamDeclaration[] = [];
  const names = new Set<string>();
  let locked = false;
  return {
    declare(declaration) {
      const { name, owner } = declaration;
      if (locked) throw errors.boot('PARAMS_LOCKED', `Plugin "${owner}" declares the query parameter "${name}" after register`);
      // The internal flags' names are taken, so declaring one is a duplicate like any other.
      if (INTERNAL_PARAMS.has(name)) throw errors.boot('PARAM_INTERNAL', `Plugin "${owner}" cannot declare "${name}": it is an internal flag, never a client parameter`);
      if (names.has(name)) {
        const first = declarations.find((d) => d.name === name)?.owner;
        throw errors.boot('PARAM_DUPLICATE', `Plugin "${owner}" declares the query parameter "${name}", already declared by "${first}"`);
      }
      names.add(name);
      declarations.push(Object.freeze({ ...declaration, kinds: Object.freeze([...declaration.kinds]) }));
    },
    has: (name) => names.has(name),
    list: () => declarations,
    validate(query) {
      if (!query) return;
      for (const { name, kinds } of declarations) {
        const value = query[name];
        if (value !== undefined && !kinds.some((kind) => hasKind(value, kind))) {
          throw new ValidationError(`Invalid parameter ${name}`, {});
        }
      }
    },
    pick(query) {
      const out: FindParams = {};
      if (!query) return out;
      for (const { name } of declarations) {
        if (query[name] !== undefined) out[name] = query[name];
      }
      return out;
    },
    lock() {
      locked = true;
    },
  };
}
