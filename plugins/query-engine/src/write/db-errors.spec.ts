import { expect } from 'chai';
import type { Model, ModelRegistry, ScalarField } from '@platform/core';
import { isUniqueViolation, uniqueViolationError } from './db-errors';

function model(uid: string, tableName: string, columns: string[]): Model {
  const scalarFields: ScalarField[] = columns.map((c) => ({ kind: 'scalar', name: c.replace(/_(\w)/g, (_, l: string) => l.toUpperCase()), column: c, type: 'uid', attribute: { type: 'uid' } }));
  return {
    uid,
    kind: 'collectionType',
    tableName,
    singularName: uid,
    pluralName: uid,
    namespace: 'api',
    attributes: {},
    fields: new Map(scalarFields.map((f) => [f.name, f])),
    scalarFields,
    componentJoin: null,
    options: {},
    pluginOptions: {},
    source: 'test',
    hasCreatorColumns: true,
  };
}

describe('write/db-errors', () => {
  const articles = model('api::article.article', 'articles', ['title', 'page_slug']);
  const parts = model('parts.item', 'components_parts_items', ['code']);
  const all = [articles, parts];
  const models: ModelRegistry = {
    get: (uid) => {
      const model = all.find((m) => m.uid === uid);
      if (!model) throw new Error(`no model ${uid}`);
      return model;
    },
    find: (uid) => all.find((m) => m.uid === uid),
    has: (uid) => all.some((m) => m.uid === uid),
    contentTypes: () => [articles],
    components: () => [parts],
    all: () => [...all],
  };

  it('recognizes the unique violations of the three drivers', () => {
    expect(isUniqueViolation({ code: '23505' })).to.equal(true);
    expect(isUniqueViolation({ code: 'ER_DUP_ENTRY', errno: 1062 })).to.equal(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).to.equal(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })).to.equal(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_NOTNULL' })).to.equal(false);
    expect(isUniqueViolation(null)).to.equal(false);
  });

  it('names the attribute from the index name or the column', () => {
    const expected = { path: ['pageSlug'], message: 'This attribute must be unique', name: 'ValidationError' };
    for (const error of [
      { code: '23505', constraint: 'articles_page_slug_unique', message: 'duplicate key value violates unique constraint' },
      { code: 'ER_DUP_ENTRY', message: "Duplicate entry 'a' for key 'articles_page_slug_unique'" },
      { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: articles.page_slug, articles.locale' },
    ]) {
      const mapped = uniqueViolationError(models, articles, error);
      expect(mapped?.message).to.equal('This attribute must be unique');
      expect(mapped?.details).to.deep.equal({ errors: [expected] });
    }
  });

  it('a component attribute has an empty path; any other index is left as it is', () => {
    expect(uniqueViolationError(models, articles, { code: '23505', constraint: 'components_parts_items_code_unique' })?.details).to.deep.equal({
      errors: [{ path: [], message: 'This attribute must be unique', name: 'ValidationError' }],
    });
    expect(uniqueViolationError(models, articles, { code: '23505', constraint: 'articles_tags_links_unique' })).to.equal(null);
  });
});
