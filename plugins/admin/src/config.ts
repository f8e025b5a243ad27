/**
 * The admin plugin's configuration (`config/plugins.ts` `admin.config`, or `config/admin.ts`'s
 * `auth` in a Strapi project): the session secret (else ADMIN_JWT_SECRET), how long a session
 * lasts, and the login rate limit. `admin: { enabled: false }` switches the whole panel off.
 */
export interface AdminRateLimit {
  enabled: boolean;
  /** window length, ms */
  interval: number;
  /** attempts per window, per address and per email */
  max: number;
}

export interface AdminConfig extends Record<string, unknown> {
  /** the session signing key; default the ADMIN_JWT_SECRET environment variable */
  jwtSecret?: string;
  /** how long a session token lasts, in seconds (Strapi v4: 30 days) */
  expiresIn: number;
  rateLimit: AdminRateLimit;
}

export const DEFAULT_CONFIG: AdminConfig = {
  expiresIn: 30 * 24 * 3600,
  // Strapi v4's admin login limit: 5 attempts per 5 minutes
  rateLimit: { enabled: true, interval: 5 * 60 * 1000, max: 5 },
};

export function validateConfig(config: AdminConfig): void {
  if (config.jwtSecret !== undefined && (typeof config.jwtSecret !== 'string' || config.jwtSecret === '')) throw new Error('"jwtSecret" must be a non-empty string');
  if (!Number.isSafeInteger(config.expiresIn) || config.expiresIn <= 0) throw new Error('"expiresIn" must be a positive number of seconds');
  const limit = config.rateLimit;
  if (typeof limit !== 'object' || limit === null) throw new Error('"rateLimit" must be an object');
  if (typeof limit.enabled !== 'boolean') throw new Error('"rateLimit.enabled" must be a boolean');
  if (!Number.isSafeInteger(limit.interval) || limit.interval <= 0) throw new Error('"rateLimit.interval" must be a positive number of milliseconds');
  if (!Number.isSafeInteger(limit.max) || limit.max <= 0) throw new Error('"rateLimit.max" must be a positive integer');
}
