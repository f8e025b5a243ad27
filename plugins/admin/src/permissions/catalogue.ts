/**
 * The permissions a role may be given in this app: the content actions on every content-type
 * the content manager shows, the plugin and settings actions of the enabled plugins, and the
 * actions other plugins declared (`addActions` of `plugin::admin.extensions`). The roles page
 * lists them; a Super Admin holds all of them.
 */
import type { PluginContext } from '@platform/core';
import type { AdminExtensions } from '../extensions';
import { isPresent } from '../plugins-present';
import { ACTIONS, CONTENT_ACTIONS, KNOWN_CONDITIONS, type ActionDefinition } from './actions';
import type { StoredPermission } from './ability';
import { editableContentTypes } from './roles-setup';

function displayName(ctx: PluginContext, uid: string): string | undefined {
  const info = (ctx.schemas.contentTypes.get(uid)?.schema as { info?: { displayName?: unknown } } | undefined)?.info;
  return typeof info?.displayName === 'string' ? info.displayName : undefined;
}

export function availableActions(ctx: PluginContext): ActionDefinition[] {
  // a plugin that declared actions is enabled: only an enabled plugin registers
  const declared = ctx
    .service<AdminExtensions>('plugin::admin.extensions')
    .actions()
    .map((entry): ActionDefinition => ({ action: entry.action, section: 'plugins', plugin: entry.plugin, displayName: entry.displayName, subCategory: entry.subCategory }));
  return [...ACTIONS.filter((action) => action.plugin === null || isPresent(ctx, action.plugin)), ...declared];
}

export function allPermissionsOf(ctx: PluginContext): Array<Omit<StoredPermission, 'roleId'>> {
  const out: Array<Omit<StoredPermission, 'roleId'>> = [];
  let id = 0;
  for (const model of editableContentTypes(ctx)) {
    for (const [name, action] of Object.entries(CONTENT_ACTIONS)) {
      if (name === 'publish' && !model.options.draftAndPublish) continue;
      out.push({ id: --id, action, subject: model.uid, properties: {}, conditions: [], actionParameters: {} });
    }
  }
  for (const action of availableActions(ctx)) {
    if (action.section !== 'contentTypes') out.push({ id: --id, action: action.action, subject: null, properties: {}, conditions: [], actionParameters: {} });
  }
  return out;
}

/** `GET /admin/permissions`: what the roles page offers. */
export function permissionCatalogue(ctx: PluginContext) {
  const actions = availableActions(ctx);
  return {
    conditions: [...KNOWN_CONDITIONS].map((id) => ({ id, displayName: id === 'admin::is-creator' ? 'Is creator' : 'Has same role as creator', category: 'default' })),
    sections: {
      contentTypes: {
        actions: actions
          .filter((a) => a.section === 'contentTypes')
          .map((a) => ({
            actionId: a.action,
            label: a.displayName,
            subjects: editableContentTypes(ctx)
              .filter((m) => a.action !== CONTENT_ACTIONS.publish || m.options.draftAndPublish)
              .map((m) => m.uid),
          })),
        subjects: editableContentTypes(ctx).map((m) => ({
          uid: m.uid,
          label: displayName(ctx, m.uid) ?? m.singularName,
          properties: [{ label: 'Fields', value: 'fields', children: [...m.fields.keys()].map((f) => ({ label: f, value: f })) }],
        })),
      },
      // Strapi's entries; `subCategory` only where the plugin declared one
      plugins: actions
        .filter((a) => a.section === 'plugins')
        .map((a) => ({ action: a.action, displayName: a.displayName, plugin: a.plugin, ...(a.subCategory === undefined ? {} : { subCategory: a.subCategory }) })),
      settings: actions.filter((a) => a.section === 'settings').map((a) => ({ action: a.action, displayName: a.displayName, category: a.category, plugin: a.plugin })),
    },
  };
}
