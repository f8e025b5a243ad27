/** The transfer context of a command run with the data-transfer plugin's context. */
import type { PluginContext } from '@platform/core';
import type { UploadProvider } from '@platform/upload';
import { FILE_UID, type TransferContext } from './transfer-context';

export function transferContext(ctx: PluginContext): TransferContext {
  const upload = ctx.isEnabled('upload') ? ctx.service<{ readonly provider: UploadProvider }>('plugin::upload.upload') : null;
  const file = ctx.models.find(FILE_UID);
  return {
    knex: ctx.db.knex,
    client: ctx.db.client,
    transaction: (fn) => ctx.db.transaction(fn),
    models: ctx.models,
    morphTable: upload && file ? `${file.tableName}_related_morphs` : null,
    provider: upload?.provider ?? null,
  };
}
