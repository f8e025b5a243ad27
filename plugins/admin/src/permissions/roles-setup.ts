/**
 * The three roles Strapi v4 creates on a database without any: Super Admin (everything),
 * Editor (every content action on every content-type but the Content API's users, and the
 * media library) and Author (the same without publish, on its own entries only: the
 * `admin::is-creator` condition). A database that has roles (a Strapi one) keeps them as they are.
 */
import type { Model, PluginContext } from '@platform/core';
import type { Access } from '../access';
import { AUTHOR_CODE, CONTENT_ACTIONS, defaultUploadPermissions, EDITOR_CODE, IS_CREATOR, SUPER_ADMIN_CODE } from './actions';
import type { NewPermission } from '../store/permission-store';

export const DEFAULT_ROLES = [
  { name: 'Super Admin', code: SUPER_ADMIN_CODE, description: 'Super Admins can access and manage all features and settings.' },
  { name: 'Editor', code: EDITOR_CODE, description: 'Editors can manage and publish contents including those of other users.' },
  { name: 'Author', code: AUTHOR_CODE, description: 'Authors can manage the content they have created.' },
];

/** Content-types an administrator edits in the content manager (Strapi's `visible` ones). */
export function editableContentTypes(ctx: PluginContext): Model[] {
  return ctx.models.contentTypes().filter((model) => {
    if (INTERNAL_TYPES.has(model.uid)) return false;
    const options = (model.pluginOptions as Record<string, { visible?: unknown } | undefined>)['content-manager'];
    return options?.visible !== false;
  });
}

/** Types the panel manages on pages of their own (the media library, the locales), as Strapi hides them. */
const INTERNAL_TYPES = new Set(['plugin::upload.file', 'plugin::upload.folder', 'plugin::i18n.locale']);

/** Strapi's restricted subject: the Content API's users are not edited by Editors and Authors by default. */
const RESTRICTED = new Set(['plugin::users-permissions.user']);

function contentPermissions(models: readonly Model[], withPublish: boolean, conditions: string[]): NewPermission[] {
  const out: NewPermission[] = [];
  for (const model of models) {
    if (RESTRICTED.has(model.uid)) continue;
    const fields = [...model.fields.keys()].filter((name) => !['createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations'].includes(name));
    for (const [name, action] of Object.entries(CONTENT_ACTIONS)) {
      if (name === 'publish' && (!withPublish || !model.options.draftAndPublish)) continue;
      const properties = name === 'delete' || name === 'publish' ? {} : { fields };
      out.push({ action, subject: model.uid, properties, conditions });
    }
  }
  return out;
}

export async function setupRoles(ctx: PluginContext, access: Access): Promise<void> {
  if ((await access.roles()).length > 0) return;
  await ctx.db.transaction(async () => {
    const ids: number[] = [];
    for (const role of DEFAULT_ROLES) ids.push(await access.users.createRole(role));
    const models = editableContentTypes(ctx);
    const [, editor, author] = ids as [number, number, number];
    await access.permissions.add(editor, [...contentPermissions(models, true, []), ...defaultUploadPermissions(false)]);
    await access.permissions.add(author, [...contentPermissions(models, false, [IS_CREATOR]), ...defaultUploadPermissions(true)]);
  });
  access.changed();
}
