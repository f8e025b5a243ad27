/**
 * `ref`, `refId` and `field` on an upload: the new files are linked to a media attribute of an
 * entry as they are stored. Everything is checked before a file is stored: the content-type
 * and its media attribute exist, the entry exists, the caller may update that content-type
 * (the content-API `authorize`), and each file's type is one the attribute allows. A single
 * media attribute then holds the last file; a multiple one gets the files appended in order.
 */
import { ValidationError, type ExtensionField, type Model, type PluginContext } from '@platform/core';
import type { ContentApiContext } from '@platform/query-engine';
import { errors } from './errors';
import type { LinkTarget } from './http/upload-body';
import type { MediaOptions } from './media-attribute';
import { mediaCategory } from './media-input';
import { FILE_UID } from './file-content-type';
import { morphTableName } from './morph-table';

export interface CheckedLink {
  model: Model;
  field: ExtensionField;
  refId: number;
}

export async function checkLink(ctx: PluginContext, target: LinkTarget, mimes: string[], context: ContentApiContext): Promise<CheckedLink> {
  const model = ctx.models.find(target.ref);
  if (!model || model.kind === 'component') throw errors.request('LINK_INVALID', `ref "${target.ref}" is not a content-type`, {});
  const field = model.fields.get(target.field);
  if (field?.kind !== 'extension' || field.type !== 'media') throw errors.request('LINK_INVALID', `"${target.field}" is not a media attribute of ${model.uid}`, {});
  await ctx.service('plugin::query-engine.content-api').authorize({ context, uid: model.uid, action: 'update' });
  const entry = await ctx.db.connection(model.tableName).where('id', target.refId).first('id');
  if (!entry) throw errors.request('LINK_INVALID', `${model.uid} has no entry with id ${target.refId}`, {});
  const { allowedTypes } = field.options as unknown as MediaOptions;
  if (allowedTypes) {
    for (const mime of mimes) {
      if (!allowedTypes.includes(mediaCategory(mime))) {
        const message = `A file of type ${mime} is not allowed in "${field.name}", which accepts: ${allowedTypes.join(', ')}`;
        throw new ValidationError(message, { errors: [{ path: [field.name], message, name: 'ValidationError' }] });
      }
    }
  }
  return { model, field, refId: target.refId };
}

/** Links stored files (in upload order) to the checked entry's media attribute. */
export async function writeLink(ctx: PluginContext, link: CheckedLink, fileIds: number[]): Promise<void> {
  const db = ctx.db.connection;
  const table = morphTableName(ctx.models.get(FILE_UID));
  const scope = { related_id: link.refId, related_type: link.model.uid, field: link.field.name };
  let ids = fileIds;
  let next = 1;
  if (link.field.multiple) {
    const max = await db(table).where(scope).max({ value: 'order' }).first();
    next = Number(max?.value ?? 0) + 1;
  } else {
    ids = fileIds.slice(-1);
    await db(table).where(scope).delete();
  }
  if (ids.length > 0) await db(table).insert(ids.map((fileId, index) => ({ file_id: fileId, ...scope, order: next + index })));
}
