/**
 * Hand-built models and an engine stub for the query modules' unit specs: enough metadata to
 * compile SQL for each dialect without booting a platform or a database.
 */
import knexFactory, { type Knex } from 'knex';
import { createRegistry, type DatabaseClient, type Field, type Model, type ModelRegistry, type ScalarField, type ScalarType } from '@platform/core';
import type { Engine } from '../../engine';
import { createQueryHooks } from '../../hooks';
import { FieldKindRegistry } from '../../field-kinds/registry';

function scalar(name: string, column: string, type: ScalarType, extra: Record<string, unknown> = {}): ScalarField {
  return { kind: 'scalar', name, column, type, attribute: { type, ...extra } };
}

function model(uid: string, tableName: string, fields: Field[], componentJoin = false): Model {
  return {
    uid,
    kind: uid.includes('::') ? 'collectionType' : 'component',
    tableName,
    singularName: tableName,
    pluralName: tableName,
    namespace: uid.includes('::') ? 'api' : 'component',
    attributes: {},
    fields: new Map(fields.map((f) => [f.name, f])),
    scalarFields: fields.filter((f): f is ScalarField => f.kind === 'scalar'),
    componentJoin: componentJoin
      ? { name: `${tableName}_components`, entityColumn: 'entity_id', componentColumn: 'component_id', typeColumn: 'component_type', fieldColumn: 'field', orderColumn: 'order' }
      : null,
    options: {},
    pluginOptions: {},
    source: `${uid}.json`,
    hasCreatorColumns: false,
  };
}

export const category = model('api::category.category', 'categories', [scalar('name', 'name', 'string')]);

export const seo = model('shared.seo', 'components_shared_seos', [scalar('metaTitle', 'meta_title', 'string')]);

export const article = model(
  'api::article.article',
  'articles',
  [
    scalar('title', 'title', 'string'),
    scalar('views', 'views', 'integer'),
    scalar('featured', 'featured', 'boolean'),
    scalar('secret', 'secret', 'string', { private: true }),
    scalar('pass', 'pass', 'password'),
    scalar('createdAt', 'created_at', 'datetime'),
    {
      kind: 'relation',
      name: 'category',
      relation: 'manyToOne',
      target: 'api::category.category',
      toMany: false,
      owner: true,
      inverse: null,
      link: { name: 'articles_category_links', ownerColumn: 'article_id', targetColumn: 'category_id', targetOrderColumn: null, ownerOrderColumn: null },
      selfColumn: 'article_id',
      otherColumn: 'category_id',
      orderColumn: null,
      inverseOrderColumn: null,
      attribute: { type: 'relation', relation: 'manyToOne' },
    },
    { kind: 'component', name: 'seo', component: 'shared.seo', repeatable: false, attribute: { type: 'component', component: 'shared.seo' } },
    { kind: 'dynamiczone', name: 'blocks', components: ['shared.seo'], attribute: { type: 'dynamiczone', components: ['shared.seo'] } },
    { kind: 'extension', type: 'attachment', name: 'cover', target: 'plugin::assets.asset', multiple: false, options: {}, attribute: { type: 'attachment' } as unknown as Field['attribute'] },
  ],
  true,
);

/** The target of `cover`, a plugin-provided attribute type; left out of a registry, `cover` leads nowhere. */
export const asset = model('plugin::assets.asset', 'assets', [scalar('name', 'name', 'string')]);

/** A field kind for `attachment` attributes: pairs in one table shared by every owner model. */
function attachmentKinds(): FieldKindRegistry {
  const kinds = new FieldKindRegistry();
  kinds.register({
    type: 'attachment',
    parse: (_field, value) => value,
    write: async () => {},
    link(platform, owner, field) {
      const target = platform.models.find('plugin::assets.asset');
      if (!target) return undefined;
      return {
        table: 'assets_related',
        ownerColumn: 'related_id',
        targetColumn: 'asset_id',
        conditions: [
          ['related_type', owner.uid],
          ['field', field.name],
        ],
        orderColumn: 'order',
        target,
      };
    },
  });
  return kinds;
}

/** The kernel's own registry over hand-built models. */
export function registry(models: Model[]): ModelRegistry {
  return createRegistry(models);
}

const DRIVERS: Record<DatabaseClient, string> = { sqlite: 'better-sqlite3', mysql: 'mysql2', postgres: 'pg' };

/** An engine whose knex only compiles SQL (no connection is ever opened). */
export function stubEngine(client: DatabaseClient, models: Model[] = [article, category, seo]): { engine: Engine; knex: Knex } {
  const knex = knexFactory({ client: DRIVERS[client], useNullAsDefault: true });
  const platform = { db: { knex, client, connection: knex }, models: registry(models) };
  return { engine: { ctx: platform, hooks: createQueryHooks(), lifecycles: new Map(), fieldKinds: attachmentKinds() } as unknown as Engine, knex };
}
