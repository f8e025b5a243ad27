/**
 * Rows without a locale get the default locale at boot. A row written while i18n was disabled,
 * or while its content-type was not localized, has no locale (the column is kept, NULL); every
 * read of a localized type is scoped to one locale, so such a row would vanish from the API.
 * Strapi v4 gives existing rows the default locale when localization is enabled on a type; this
 * does the same each time the plugin starts, which also covers the plugin being switched back
 * on. The update touches only rows whose locale is NULL, so a boot with nothing to do changes
 * nothing.
 */
import type { PluginContext } from '@platform/core';
import { LOCALE } from './extend-schemas';
import { isLocalizedModel } from './localized-model';

export async function assignDefaultLocale(ctx: PluginContext, code: string): Promise<void> {
  for (const model of ctx.models.contentTypes()) {
    if (!isLocalizedModel(model)) continue;
    const column = model.fields.get(LOCALE);
    if (column?.kind !== 'scalar') continue;
    const updated = await ctx.db
      .connection(model.tableName)
      .whereNull(column.column)
      .update({ [column.column]: code });
    if (updated > 0) ctx.log.info(`${updated} row(s) of ${model.uid} had no locale and now have the default locale "${code}"`);
  }
}
