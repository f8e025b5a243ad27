/**
 * A stand-in for the upload plugin (which is not built yet): the `plugin::upload.file` model
 * (table `files`) and the `files_related_morphs` table, so tests can write and read media
 * attributes. Tests pass the file attributes they need.
 */
import { definePlugin, type Attribute, type PluginDefinition } from '@platform/core';

export function createUploadStandIn(attributes: Record<string, Attribute>): PluginDefinition {
  return definePlugin({
    name: 'upload',
    contentTypes: {
      file: {
        schema: {
          kind: 'collectionType',
          collectionName: 'files',
          info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
          options: {},
          attributes,
        },
      },
    },
    async bootstrap(ctx) {
      const { knex } = ctx.db;
      if (await knex.schema.hasTable('files_related_morphs')) return;
      await knex.schema.createTable('files_related_morphs', (t) => {
        t.increments('id');
        t.integer('file_id');
        t.integer('related_id');
        t.string('related_type');
        t.string('field');
        t.double('order');
      });
    },
  });
}
