/**
 * The plugin's configuration (`config/plugins.ts` → `'users-permissions': { config }`), with
 * Strapi v4's keys and defaults, checked at start-up.
 */
import type { SignOptions } from 'jsonwebtoken';
import { isPlainObject } from '@platform/core';

export interface RateLimitConfig {
  enabled: boolean;
  /** the window, ms */
  interval: number;
  /** requests per window, per client address and per identifier */
  max: number;
}

/** Strapi v4's "advanced settings", here in config. */
export interface AdvancedSettings {
  uniqueEmail: boolean;
  allowRegister: boolean;
  emailConfirmation: boolean;
  /** the front-end page a reset link points at (`?code=` is appended) */
  emailResetPassword: string | null;
  /** where a confirmed email is redirected */
  emailConfirmationRedirection: string | null;
  /** the role type new users get */
  defaultRole: string;
}

export interface UsersPermissionsConfig extends Record<string, unknown> {
  jwtSecret?: string;
  jwt: { expiresIn: NonNullable<SignOptions['expiresIn']> };
  /** role type → actions (`api::article.article.find`, `api::article.article.*`) applied at every start */
  permissions: Record<string, string[]>;
  ratelimit: RateLimitConfig;
  register: { allowedFields?: string[] };
  advanced: AdvancedSettings;
}

export const defaultConfig: UsersPermissionsConfig = {
  jwt: { expiresIn: '30d' },
  permissions: {},
  ratelimit: { enabled: true, interval: 60000, max: 10 },
  register: {},
  advanced: {
    uniqueEmail: true,
    allowRegister: true,
    emailConfirmation: false,
    emailResetPassword: null,
    emailConfirmationRedirection: null,
    defaultRole: 'authenticated',
  },
};

/** The configuration with each section's defaults under what the app gave. */
export function resolveConfig(given: Partial<UsersPermissionsConfig>): UsersPermissionsConfig {
  return {
    ...defaultConfig,
    ...given,
    jwt: { ...defaultConfig.jwt, ...(given.jwt ?? {}) },
    permissions: given.permissions ?? {},
    ratelimit: { ...defaultConfig.ratelimit, ...(given.ratelimit ?? {}) },
    register: { ...(given.register ?? {}) },
    advanced: { ...defaultConfig.advanced, ...(given.advanced ?? {}) },
  };
}

function positiveInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Throws a message naming the key when a value has the wrong shape. */
export function validateConfig(given: Partial<UsersPermissionsConfig>): void {
  const config = resolveConfig(given);
  if (config.jwtSecret !== undefined && (typeof config.jwtSecret !== 'string' || config.jwtSecret === '')) throw new Error('"jwtSecret" must be a non-empty string');
  if (!isPlainObject(config.permissions)) throw new Error('"permissions" must be an object of role type → list of actions');
  for (const [role, actions] of Object.entries(config.permissions)) {
    if (!Array.isArray(actions) || actions.some((a) => typeof a !== 'string' || a === '')) throw new Error(`"permissions.${role}" must be a list of action strings`);
  }
  const { ratelimit } = config;
  if (typeof ratelimit.enabled !== 'boolean') throw new Error('"ratelimit.enabled" must be true or false');
  if (!positiveInteger(ratelimit.interval)) throw new Error('"ratelimit.interval" must be a positive integer (ms)');
  if (!positiveInteger(ratelimit.max)) throw new Error('"ratelimit.max" must be a positive integer');
  const allowed = config.register.allowedFields;
  if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((f) => typeof f !== 'string'))) throw new Error('"register.allowedFields" must be a list of attribute names');
  if (typeof config.advanced.defaultRole !== 'string') throw new Error('"advanced.defaultRole" must be a role type');
}
