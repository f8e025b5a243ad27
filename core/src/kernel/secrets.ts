/**
 * Secrets a plugin needs to sign or hash with (a token salt, a signing key). A plugin asks its
 * context for one by the name of its environment variable, with the value its own configuration
 * gave, if any. Where the value comes from when neither the configuration nor the environment
 * (`.env` included) has it depends on how the platform runs:
 * - `develop`: a random one is generated, appended to the app's `.env` (so the next start, and
 *   `platform start` on the same folder, use the same one) and read from there on;
 * - `start`: start-up stops naming the variable, since a secret that changes at every start
 *   would silently invalidate what was signed with the previous one;
 * - `embedded` (a Platform built in code, tests): a random one for this process only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BootError } from '../errors';
import type { Logger } from '../base/logger';

export type RunMode = 'develop' | 'start' | 'embedded';

export interface SecretSource {
  mode: RunMode;
  appDir: string;
  /** the environment the config files read (`.env` under the process environment); a generated secret is added to it */
  env: Record<string, string | undefined>;
  log: Logger;
}

/** A secret `start` cannot do without: the variable and the plugin that asked for it. */
export class MissingSecretError extends BootError {
  constructor(
    readonly variable: string,
    readonly requester: string,
  ) {
    super('SECRET_MISSING', `${variable} is not set: plugin "${requester}" needs it. Set ${variable} in the environment or the app's .env (platform develop writes a random one there)`);
  }
}

/**
 * One error naming every missing secret (each plugin asked for its own), so that a first
 * `platform start` is fixed in one go rather than one variable per attempt.
 */
export function missingSecrets(errors: MissingSecretError[], tolerated: MissingSecretError[] = []): BootError {
  if (errors.length === 1 && errors[0] && tolerated.length === 0) return errors[0];
  const names = [
    ...errors.map((error) => `${error.variable} (plugin "${error.requester}")`),
    // a plugin that starts without its secret still needs it: named now, so that one restart is enough
    ...tolerated.map((error) => `${error.variable} (plugin "${error.requester}", which can start without it)`),
  ].join(', ');
  return new BootError(
    'SECRET_MISSING',
    `${errors.length + tolerated.length} secrets are not set: ${names}. Set each in the environment or the app's .env (platform develop writes random ones there)`,
  );
}

/** Environment variable names as shells write them; anything else could not be read back from `.env`. */
const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

export function resolveSecret(source: SecretSource, name: string, configured: unknown, requester: string): string {
  if (!VARIABLE_NAME.test(name)) throw new BootError('SECRET_INVALID', `Plugin "${requester}" asks for the secret "${name}": a secret is named by its environment variable (A-Z, 0-9, _)`);
  if (typeof configured === 'string' && configured !== '') return configured;
  if (configured !== undefined && configured !== null && configured !== '') {
    throw new BootError('SECRET_INVALID', `Plugin "${requester}": the configured value of ${name} must be a string`);
  }
  const fromEnv = source.env[name];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (source.mode === 'start') {
    throw new MissingSecretError(name, requester);
  }
  const generated = crypto.randomBytes(32).toString('base64');
  source.env[name] = generated;
  if (source.mode === 'develop') {
    appendToEnvFile(path.join(source.appDir, '.env'), name, generated);
    source.log.info(`${name} was not set: generated a random one for plugin "${requester}" and saved it to .env`);
  } else {
    // a platform built in code is a test or a tool: the secret is theirs to pass when it must last
    source.log.info(`${name} is not set: plugin "${requester}" uses a random one that lasts until this process ends`);
  }
  return generated;
}

function appendToEnvFile(file: string, name: string, value: string): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  try {
    fs.appendFileSync(file, `${separator}${name}=${value}\n`, { mode: 0o600 });
  } catch (error) {
    throw new BootError('SECRET_WRITE', `${name} is not set and could not be saved to ${file}: ${(error as Error).message}`, { cause: error });
  }
}
