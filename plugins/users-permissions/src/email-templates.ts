/**
 * The texts of the reset-password and confirmation emails, as Strapi v4 keeps them: the core
 * store row `plugin_users-permissions_email` (edited in Strapi's admin panel, so a Strapi
 * database's own templates are used as they are), else Strapi's default templates. `<%= URL %>`,
 * `<%= TOKEN %>`, `<%= CODE %>`, `<%= USER.username %>`, `<%= SERVER_URL %>` are filled by the
 * email plugin's renderer, which reads values and never runs template code.
 */
import type { PluginContext } from '@platform/core';

const STORE_TABLE = 'strapi_core_store_settings';
const STORE_KEY = 'plugin_users-permissions_email';

export type EmailTemplateName = 'reset_password' | 'email_confirmation';

export interface EmailTemplateOptions {
  from: { name?: string; email?: string };
  response_email?: string;
  object: string;
  message: string;
}

const FROM = { name: 'Administration Panel', email: 'no-reply@strapi.io' };

/** Strapi v4's defaults (users-permissions' bootstrap writes them when the row is missing). */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateName, EmailTemplateOptions> = {
  reset_password: {
    from: FROM,
    response_email: '',
    object: 'Reset password',
    message: `<p>We heard that you lost your password. Sorry about that!</p>

<p>But don’t worry! You can use the following link to reset your password:</p>
<p><%= URL %>?code=<%= TOKEN %></p>

<p>Thanks.</p>`,
  },
  email_confirmation: {
    from: FROM,
    response_email: '',
    object: 'Account confirmation',
    message: `<p>Thank you for registering!</p>

<p>You have to confirm your email address. Please click on the link below.</p>

<p><%= URL %>?confirmation=<%= CODE %></p>

<p>Thanks.</p>`,
  },
};

function isTemplate(value: unknown): value is EmailTemplateOptions {
  const options = value as Partial<EmailTemplateOptions> | null;
  return typeof options === 'object' && options !== null && typeof options.object === 'string' && typeof options.message === 'string';
}

/** The stored template `name`, else Strapi's default. */
export async function emailTemplate(ctx: PluginContext, name: EmailTemplateName): Promise<EmailTemplateOptions> {
  const row = (await ctx.db.connection(STORE_TABLE).where({ key: STORE_KEY }).first('value')) as { value?: unknown } | undefined;
  if (typeof row?.value === 'string') {
    try {
      const stored = (JSON.parse(row.value) as Record<string, { options?: unknown }> | null)?.[name]?.options;
      if (isTemplate(stored)) return { ...stored, from: typeof stored.from === 'object' && stored.from !== null ? stored.from : {} };
    } catch {
      // an unreadable row: Strapi's default
    }
  }
  return DEFAULT_EMAIL_TEMPLATES[name];
}

/** `Name <address>`, the address alone, or none (the provider's default sender). */
export function senderOf(options: EmailTemplateOptions): string | undefined {
  const { name, email } = options.from;
  if (email && name) return `${name} <${email}>`;
  return email || undefined;
}
