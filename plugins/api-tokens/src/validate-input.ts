/**
 * What a new token may be: a name (1 to 255 characters), an optional description (up to 256),
 * one of the three types, no lifespan or one of Strapi's (7, 30 or 90 days, in milliseconds),
 * and for a custom token a list of actions (other types carry none, as in Strapi).
 */
import { errors } from './errors';
import { isTokenType, LIFESPANS_MS, TOKEN_TYPES, type TokenType } from './token-types';

export interface CreateTokenInput {
  name: string;
  description?: string;
  type: TokenType;
  /** milliseconds: null/undefined (never expires), 604800000, 2592000000 or 7776000000 */
  lifespan?: number | null;
  /** the actions of a custom token (`api::article.article.find`) */
  permissions?: string[];
}

export interface ValidTokenInput {
  name: string;
  description: string;
  type: TokenType;
  lifespan: number | null;
  permissions: string[];
}

function invalid(path: string, message: string): never {
  throw errors.request('INVALID_TOKEN', message, { errors: [{ path: [path], message, name: 'ValidationError' }] });
}

export function validateTokenInput(input: unknown): ValidTokenInput {
  if (typeof input !== 'object' || input === null) invalid('', 'A token needs a name and a type');
  const { name, description, type, lifespan, permissions } = input as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') invalid('name', 'name must be a non-empty string');
  if (name.trim().length > 255) invalid('name', 'name must be at most 255 characters');
  if (description !== undefined && description !== null && typeof description !== 'string') invalid('description', 'description must be a string');
  if (typeof description === 'string' && description.length > 256) invalid('description', 'description must be at most 256 characters');
  if (!isTokenType(type)) invalid('type', `type must be one of the following values: ${TOKEN_TYPES.join(', ')}`);
  if (lifespan !== undefined && lifespan !== null && !LIFESPANS_MS.includes(lifespan as number)) {
    invalid('lifespan', `lifespan must be one of the following values: ${LIFESPANS_MS.join(', ')} (7, 30 or 90 days), or null`);
  }
  if (type !== 'custom' && permissions !== undefined && permissions !== null && !(Array.isArray(permissions) && permissions.length === 0)) {
    invalid('permissions', 'Non-custom tokens should not reference permissions');
  }
  let actions: string[] = [];
  if (type === 'custom') {
    if (!Array.isArray(permissions) || permissions.some((p) => typeof p !== 'string' || p.trim() === '')) invalid('permissions', 'permissions must be a list of actions');
    actions = [...new Set((permissions as string[]).map((p) => p.trim()))];
  }
  return { name: name.trim(), description: typeof description === 'string' ? description : '', type, lifespan: (lifespan as number | null | undefined) ?? null, permissions: actions };
}
