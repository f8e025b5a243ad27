import { assert, expect } from 'chai';
import { buildModels } from '../../model/build-models';
import { addTimestamps } from '../../schema/add-timestamps';
import type { Attribute, ContentTypeSchema, SchemaSet } from '../../schema/types';
import { collectAttributeTypes } from '../../schema/attribute-types';
import { desiredSchema } from './desired-schema';
import { describeSchema } from './stored-schema';
import { extraIndexName } from '../../model/naming';

/** A plugin-provided type whose values live in a table of its own. */
const types = collectAttributeTypes([
  {
    name: 'pins',
    attributeTypes: {
      pin: {
        toField: () => ({ target: null, multiple: true, options: {} }),
        tables: () => [{ name: 'pins_related', columns: [{ name: 'related_id', kind: 'integer', unsigned: true }], indexes: [{ name: 'pins_related_fk', columns: ['related_id'], unique: false }] }],
      },
    },
  },
]);

function contentType(uid: `api::${string}.${string}`, schema: ContentTypeSchema) {
  const apiName = uid.slice('api::'.length, uid.indexOf('.'));
  return [uid, { uid, namespace: 'api' as const, apiName, schema, source: { file: `${uid}.json` } }] as const;
}

describe('desiredSchema', () => {
  const set: SchemaSet = {
    contentTypes: new Map([
      contentType('api::post.post', {
        kind: 'collectionType',
        collectionName: 'posts',
        info: { singularName: 'post', pluralName: 'posts' },
        attributes: {
          title: { type: 'string', unique: true },
          slug: { type: 'uid' },
          publishedAt: { type: 'datetime' },
          tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'posts' },
          cover: { type: 'pin' } as unknown as Attribute,
          parts: { type: 'component', component: 'blog.part', repeatable: true },
        },
      }),
      contentType('api::tag.tag', {
        kind: 'collectionType',
        collectionName: 'tags',
        info: { singularName: 'tag', pluralName: 'tags' },
        attributes: { posts: { type: 'relation', relation: 'manyToMany', target: 'api::post.post', mappedBy: 'tags' } },
      }),
    ]),
    components: new Map([
      ['blog.part', { uid: 'blog.part', category: 'blog', schema: { collectionName: 'components_blog_parts', info: {}, attributes: { n: { type: 'integer' } } }, source: { file: 'part.json' } }],
    ]),
  };
  addTimestamps(set);
  const models = buildModels(set, types);
  const tables = desiredSchema(models, types.tables(models));
  const byName = new Map(tables.map((t) => [t.name, t]));

  it("lists entity tables, then link and join tables, then the plugin types' tables, then bookkeeping", () => {
    expect(tables.map((t) => t.name)).to.deep.equal([
      'posts',
      'tags',
      'components_blog_parts',
      'posts_tags_links',
      'posts_components',
      'pins_related',
      'strapi_core_store_settings',
      'strapi_database_schema',
      'strapi_migrations',
    ]);
  });

  it('gives an attribute of a plugin-provided type no column, and its table an id and nullable columns', () => {
    expect(models.get('api::post.post').fields.get('cover')).to.deep.include({ kind: 'extension', type: 'pin', target: null, multiple: true });
    expect(byName.get('pins_related')).to.deep.include({ role: 'link', source: 'plugin pins' });
    expect(byName.get('pins_related')?.columns).to.deep.equal([
      { name: 'id', kind: 'increments', explicitNull: false },
      { name: 'related_id', kind: 'integer', explicitNull: true, unsigned: true },
    ]);
  });

  it('puts the creator columns after the timestamps, and a unique index on a uid only', () => {
    const posts = byName.get('posts');
    assert.exists(posts);
    expect(posts.columns.map((c) => c.name)).to.deep.equal(['id', 'title', 'slug', 'published_at', 'created_at', 'updated_at', 'created_by_id', 'updated_by_id']);
    expect(posts.indexes.map((i) => i.name)).to.deep.equal(['posts_slug_unique', 'posts_created_by_id_fk', 'posts_updated_by_id_fk']);
    expect(byName.get('components_blog_parts')?.columns.map((c) => c.name)).to.deep.equal(['id', 'n']);
  });

  it('extends the uid indexes by the columns of `options.uniqueIndexScope` (unique per locale)', () => {
    const scoped: SchemaSet = {
      contentTypes: new Map([
        contentType('api::page.page', {
          kind: 'collectionType',
          collectionName: 'pages',
          info: { singularName: 'page', pluralName: 'pages' },
          options: { uniqueIndexScope: ['locale', 'missing'] },
          attributes: { slug: { type: 'uid' }, locale: { type: 'string' } },
        }),
      ]),
      components: new Map(),
    };
    const pages = desiredSchema(buildModels(scoped, types)).find((t) => t.name === 'pages');
    assert.exists(pages);
    expect(pages.indexes[0]).to.deep.equal({ name: 'pages_slug_unique', columns: ['slug', 'locale'], unique: true });
  });

  it("adds the indexes a content-type schema declares, after the kernel's own", () => {
    const indexed: SchemaSet = {
      contentTypes: new Map([
        contentType('api::doc.doc', {
          kind: 'collectionType',
          collectionName: 'docs',
          info: { singularName: 'doc', pluralName: 'docs' },
          indexes: [
            { name: 'docs_name_index', columns: ['name'], type: null },
            { name: 'docs_code_unique', columns: ['code', 'name'], type: 'unique' },
          ],
          attributes: { name: { type: 'string' }, code: { type: 'string' } },
        }),
      ]),
      components: new Map(),
    };
    const docs = desiredSchema(buildModels(indexed, types)).find((t) => t.name === 'docs');
    assert.exists(docs);
    expect(docs.indexes).to.deep.equal([
      { name: 'docs_created_by_id_fk', columns: ['created_by_id'], unique: false },
      { name: 'docs_updated_by_id_fk', columns: ['updated_by_id'], unique: false },
      { name: 'docs_name_index', columns: ['name'], unique: false },
      { name: 'docs_code_unique', columns: ['code', 'name'], unique: true },
    ]);
  });

  it('describes the link table from the owning side only, with both order columns and cascading keys', () => {
    const link = byName.get('posts_tags_links');
    assert.exists(link);
    expect(link.columns.map((c) => [c.name, c.kind])).to.deep.equal([
      ['id', 'increments'],
      ['post_id', 'integer'],
      ['tag_id', 'integer'],
      ['tag_order', 'double'],
      ['post_order', 'double'],
    ]);
    expect(link.indexes).to.deep.equal([
      { name: 'posts_tags_links_fk', columns: ['post_id'], unique: false },
      { name: 'posts_tags_links_inv_fk', columns: ['tag_id'], unique: false },
      { name: 'posts_tags_links_order_fk', columns: ['tag_order'], unique: false },
      { name: 'posts_tags_links_order_inv_fk', columns: ['post_order'], unique: false },
      { name: 'posts_tags_links_unique', columns: ['post_id', 'tag_id'], unique: true },
      { name: 'posts_tags_links_list_index', columns: ['post_id', 'tag_order'], unique: false, extra: true },
      { name: 'posts_tags_links_inv_list_index', columns: ['tag_id', 'post_order'], unique: false, extra: true },
    ]);
    expect(link.foreignKeys).to.deep.equal([
      { name: 'posts_tags_links_fk', column: 'post_id', referencedTable: 'posts' },
      { name: 'posts_tags_links_inv_fk', column: 'tag_id', referencedTable: 'tags' },
    ]);
  });

  it("leaves the link table's extra indexes out of the schema recorded for Strapi", () => {
    const recorded = describeSchema(tables).tables.find((table) => table.name === 'posts_tags_links');
    expect(recorded?.indexes.map((index) => index.name)).to.deep.equal([
      'posts_tags_links_fk',
      'posts_tags_links_inv_fk',
      'posts_tags_links_order_fk',
      'posts_tags_links_order_inv_fk',
      'posts_tags_links_unique',
    ]);
  });

  it('keeps extra index names within 63 bytes, distinct for long tables that share their start', () => {
    expect(extraIndexName('posts_tags_links', 'list_index')).to.equal('posts_tags_links_list_index');
    const long = 'components_page_sections_with_a_very_long_name_items_links';
    const a = extraIndexName(long, 'inv_list_index');
    const b = extraIndexName(`${long}_2`, 'inv_list_index');
    expect(a).to.match(/^components_page_sections_with_a_very_lo_[0-9a-f]{8}_inv_list_index$/);
    expect(Buffer.byteLength(a)).to.equal(63);
    expect(b).to.not.equal(a);
    expect(extraIndexName(long, 'list_index')).to.not.equal(a);
  });

  it('gives the component join table its columns, indexes and key', () => {
    const join = byName.get('posts_components');
    assert.exists(join);
    expect(join.columns.map((c) => c.name)).to.deep.equal(['id', 'entity_id', 'component_id', 'component_type', 'field', 'order']);
    expect(join.indexes.map((i) => i.name)).to.deep.equal(['posts_field_index', 'posts_component_type_index', 'posts_entity_fk', 'posts_unique']);
    expect(join.foreignKeys).to.deep.equal([{ name: 'posts_entity_fk', column: 'entity_id', referencedTable: 'posts' }]);
  });
});
