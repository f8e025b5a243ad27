/**
 * The credentials the bench's authenticated workloads send, made once on the bench database
 * before the runs (the server process shares the database and the secrets of BENCH_SECRETS).
 */
import type { Platform } from '@platform/core';
import type { ApiTokensService } from '@platform/api-tokens';

export type Credentials = Partial<Record<'api-token', string>>;

const TOKEN_NAME = 'bench';

export async function benchCredentials(platform: Platform): Promise<Credentials> {
  const credentials: Credentials = {};
  if (platform.isPluginEnabled('api-tokens')) {
    const tokens = platform.service<ApiTokensService>('plugin::api-tokens.api-tokens');
    // the data set is kept between runs; its token's secret is not: make it again
    const old = (await tokens.list()).find((token) => token.name === TOKEN_NAME);
    if (old) await tokens.revoke(old.id);
    credentials['api-token'] = (await tokens.create({ name: TOKEN_NAME, type: 'read-only' })).accessKey;
  }
  return credentials;
}
