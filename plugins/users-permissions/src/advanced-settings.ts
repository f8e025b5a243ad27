/**
 * Strapi v4 keeps its "advanced settings" (email confirmation, open registration, unique
 * emails, the default role, where emailed links point) in its key-value table, row
 * `plugin_users-permissions_advanced`. On a database Strapi wrote, that row's values apply to
 * every setting the plugin config does not give, so its users meet the rules they had.
 */
import type { PluginContext } from '@platform/core';
import type { AdvancedSettings } from './config';

const STORE_TABLE = 'strapi_core_store_settings';
const STORE_KEY = 'plugin_users-permissions_advanced';

const STRAPI_NAMES: { [K in keyof AdvancedSettings]: string } = {
  uniqueEmail: 'unique_email',
  allowRegister: 'allow_register',
  emailConfirmation: 'email_confirmation',
  emailResetPassword: 'email_reset_password',
  emailConfirmationRedirection: 'email_confirmation_redirection',
  defaultRole: 'default_role',
};

const BOOLEAN_SETTINGS = new Set<keyof AdvancedSettings>(['uniqueEmail', 'allowRegister', 'emailConfirmation']);

function acceptable(key: keyof AdvancedSettings, value: unknown): boolean {
  if (BOOLEAN_SETTINGS.has(key)) return typeof value === 'boolean';
  if (key === 'defaultRole') return typeof value === 'string' && value !== '';
  return value === null || (typeof value === 'string' && value !== '');
}

/** Sets in `advanced` the stored values of the settings `given` (the app's config) leaves out. */
export async function adoptStoredSettings(ctx: PluginContext, advanced: AdvancedSettings, given: Partial<AdvancedSettings> | undefined): Promise<void> {
  const row = (await ctx.db.connection(STORE_TABLE).where({ key: STORE_KEY }).first('value')) as { value?: unknown } | undefined;
  if (!row || typeof row.value !== 'string') return;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return;
  }
  if (typeof stored !== 'object' || stored === null) return;
  const settings = advanced as unknown as Record<string, unknown>;
  for (const [key, strapiName] of Object.entries(STRAPI_NAMES) as Array<[keyof AdvancedSettings, string]>) {
    if (given && key in given) continue;
    const value = (stored as Record<string, unknown>)[strapiName];
    if (acceptable(key, value)) settings[key] = value;
  }
}
