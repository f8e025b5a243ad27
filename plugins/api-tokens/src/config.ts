/**
 * The plugin's configuration (`config/plugins.ts` `'api-tokens': { config }`), checked at
 * start-up so a mistake names its key.
 */
export interface ApiTokensConfig extends Record<string, unknown> {
  /** the HMAC key; default `admin.apiToken.salt`, then API_TOKEN_SALT */
  salt?: string;
  /** ms between looks for changes other processes made; 0: never */
  refreshInterval: number;
  /** ms: a token's use is written when its stored `lastUsedAt` is older */
  lastUsedInterval: number;
}

export function validateConfig(config: ApiTokensConfig): void {
  if (config.salt !== undefined && config.salt !== null && typeof config.salt !== 'string') throw new Error('"salt" must be a string');
  for (const key of ['refreshInterval', 'lastUsedInterval'] as const) {
    const value = config[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`"${key}" must be a whole number of milliseconds, got ${JSON.stringify(value)}`);
  }
}
