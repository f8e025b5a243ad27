/**
 * knex's own log lines, through the platform's logger. knex warns "Acquire connection error"
 * with a full stack each time the pool fails to connect; the platform reports that failure
 * itself, once and cleanly (DB_CONNECT at start-up, a 500 in a request's log), so the stack
 * is only kept at the debug level.
 */
import type { Knex } from 'knex';
import type { Logger } from '../base/logger';

const NOISY = /^Acquire connection error/;

export function knexLog(log: Logger): Knex.Config['log'] {
  const warn = (message: unknown) => {
    const text = String(message);
    if (NOISY.test(text)) log.debug(`knex: ${text}`);
    else log.warn(`knex: ${text}`);
  };
  return {
    warn,
    error: (message: unknown) => log.error(`knex: ${String(message)}`),
    deprecate: (method: string, alternative: string) => log.warn(`knex: ${method} is deprecated, use ${alternative}`),
    debug: (message: unknown) => log.debug(`knex: ${String(message)}`),
  };
}
