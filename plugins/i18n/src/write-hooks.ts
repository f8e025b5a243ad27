/**
 * i18n on writes: a create gets its locale (data, then the `locale` parameter, then the
 * default; an unknown one is a 400 with nothing written); an update never changes the locale
 * or the localizations; shared attributes are kept equal across localizations; unique checks
 * are per locale; the entries of a localized single type are localizations of each other.
 */
import { ApplicationError, type PluginContext, type Model } from '@platform/core';
import { parseId, type QueryHooks, type WriteContext, type UniqueScopeContext } from '@platform/query-engine';
import { LOCALE, LOCALIZATIONS } from './extend-schemas';
import { isLocalizedModel } from './localized-model';
import type { LocalesService } from './locales-service';
import { linkGroup, localizationGroup, localizationGroups } from './localization-links';
import { fillSharedFields, pushSharedFields, sharedNamesIn } from './shared-fields';

const PLUGIN_NAME = 'i18n';

/** Ids named by a relation input: `[1, 2]`, `[{ id: 1 }]`, `{ set | connect: [...] }`. */
export function idsOfRelationInput(input: unknown): number[] {
  const list = Array.isArray(input)
    ? input
    : input && typeof input === 'object'
      ? [...((input as { set?: unknown[] }).set ?? []), ...((input as { connect?: unknown[] }).connect ?? [])]
      : input === null || input === undefined
        ? []
        : [input];
  const ids: number[] = [];
  for (const item of list) {
    const raw = item && typeof item === 'object' ? (item as { id?: unknown }).id : item;
    const id = parseId(raw);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export async function resolveCreateLocale(context: WriteContext, locales: LocalesService): Promise<string> {
  const requested = context.data[LOCALE] ?? context.params.locale ?? locales.getDefaultLocale();
  if (typeof requested !== 'string' || !(await locales.exists(requested))) throw new ApplicationError("This locale doesn't exist");
  return requested;
}

async function singleTypeSiblings(platform: PluginContext, model: Model, exceptId: number | null): Promise<number[]> {
  const query = platform.db.connection(model.tableName).select('id').orderBy('id', 'asc');
  if (exceptId !== null) query.whereNot('id', exceptId);
  const rows: Array<{ id: unknown }> = await query;
  return rows.map((r) => Number(r.id));
}

/** The localizations a new entry joins: the other entries of a single type, or those it names. */
async function siblingsOnCreate(platform: PluginContext, context: WriteContext, newId: number | null): Promise<number[]> {
  if (context.model.kind === 'singleType') return singleTypeSiblings(platform, context.model, newId);
  if (newId === null) return idsOfRelationInput(context.data[LOCALIZATIONS]);
  if (!Object.hasOwn(context.data, LOCALIZATIONS)) return [];
  // the entries the new one was linked to, each with its own group, in two queries
  const linked = (await localizationGroup(platform.db.connection, context.model, newId)).slice(1);
  const groups = await localizationGroups(platform.db.connection, context.model, linked);
  const group: number[] = [];
  for (const ids of groups.values()) {
    for (const id of ids) {
      if (id !== newId && !group.includes(id)) group.push(id);
    }
  }
  return group;
}

export function tapWriteHooks(platform: PluginContext, hooks: QueryHooks, locales: LocalesService): void {
  hooks.beforeCreate.tapPromise(PLUGIN_NAME, async (context) => {
    if (!isLocalizedModel(context.model)) return;
    context.data[LOCALE] = await resolveCreateLocale(context, locales);
    // Shared attributes the new localization does not send take the group's values.
    const [first] = await siblingsOnCreate(platform, context, null);
    if (first === undefined) return;
    const source = await platform.service('plugin::query-engine.entity-service').findOne(context.model.uid, first, { includeHidden: true });
    if (source) fillSharedFields(context.model, context.data, source);
  });

  hooks.afterCreate.tapPromise(PLUGIN_NAME, async (context) => {
    if (!isLocalizedModel(context.model)) return;
    const id = context.id ?? context.result?.id ?? null;
    if (id === null) return;
    const siblings = await siblingsOnCreate(platform, context, id);
    if (siblings.length === 0) return;
    await linkGroup(platform.db.connection, context.model, [...siblings, id]);
    await pushSharedFields(platform.db.connection, platform.db.client, context.model, id, siblings, sharedNamesIn(context.model, context.data));
  });

  hooks.beforeUpdate.tapPromise(PLUGIN_NAME, async (context) => {
    if (!isLocalizedModel(context.model)) return;
    delete context.data[LOCALE];
    delete context.data[LOCALIZATIONS];
  });

  hooks.afterUpdate.tapPromise(PLUGIN_NAME, async (context) => {
    if (!isLocalizedModel(context.model) || context.id === null) return;
    const names = sharedNamesIn(context.model, context.data);
    if (names.length === 0) return;
    const group = await localizationGroup(platform.db.connection, context.model, context.id);
    await pushSharedFields(platform.db.connection, platform.db.client, context.model, context.id, group, names);
  });

  hooks.scopeUnique.tap(PLUGIN_NAME, (context: UniqueScopeContext) => {
    if (!isLocalizedModel(context.model)) return;
    const code = context.data[LOCALE] ?? context.existing?.[LOCALE];
    if (typeof code === 'string') context.filters.push({ [LOCALE]: { $eq: code } });
  });
}
