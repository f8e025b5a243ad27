/**
 * The generated schema's names and shapes, Strapi v4's (spec 2.8, 4.4; strapi-v4-facts.md
 * section 10): the whole SDL of the example app against its snapshot, and the shapes clients
 * rely on written out type by type. The schema on disk: `platform graphql:schema` prints it,
 * and a start in development writes the app's `schema.graphql`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { assert, expect } from 'chai';
import { printType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { SchemaService } from '@platform/graphql';
import { startApp, type StartOptions, type TestApp } from '../helpers/app';
import { exampleAppWith } from '../helpers/app-dir';
import { authPlugins, JWT_SECRET } from '../users-permissions/helpers';

const SNAPSHOT = path.join(__dirname, 'example-app.schema.graphql');
const ROOT = path.resolve(__dirname, '..', '..');
const API_TOKEN_SALT = 'test-api-token-salt';
/** The example app as it runs: users-permissions and api-tokens on. */
const AS_CONFIGURED: StartOptions = { config: { plugins: { ...authPlugins(), 'api-tokens': {} } }, env: { JWT_SECRET, API_TOKEN_SALT } };

describe('GraphQL schema of the example app', function () {
  this.timeout(60000);
  let app: TestApp;
  let schema: GraphQLSchema;
  before(async () => {
    app = await startApp(AS_CONFIGURED);
    schema = app.platform.service<SchemaService>('plugin::graphql.schema').get();
  });
  after(async () => {
    await app?.close();
  });

  const type = (name: string) => {
    const found = schema.getType(name);
    assert.exists(found, name);
    return printType(found);
  };
  const field = (root: 'Query' | 'Mutation', name: string) => {
    const rootType = (root === 'Query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
    return printType(rootType)
      .split('\n')
      .find((line) => line.trimStart().startsWith(`${name}(`) || line.trimStart().startsWith(`${name}:`))
      ?.trim();
  };

  it('is the snapshot (platform graphql:schema > test/graphql/example-app.schema.graphql after a deliberate change)', () => {
    expect(`${app.platform.service<SchemaService>('plugin::graphql.schema').print()}\n`).to.equal(fs.readFileSync(SNAPSHOT, 'utf8'));
  });

  it('has the shared types of Strapi v4', () => {
    expect(type('Pagination')).to.equal('type Pagination {\n  total: Int!\n  page: Int!\n  pageSize: Int!\n  pageCount: Int!\n}');
    expect(type('ResponseCollectionMeta')).to.equal('type ResponseCollectionMeta {\n  pagination: Pagination!\n}');
    expect(type('PaginationArg')).to.equal('input PaginationArg {\n  page: Int\n  pageSize: Int\n  start: Int\n  limit: Int\n}');
    expect(type('PublicationState')).to.equal('enum PublicationState {\n  LIVE\n  PREVIEW\n}');
    expect(type('Error')).to.equal('type Error {\n  code: String!\n  message: String\n}');
    for (const scalar of ['JSON', 'DateTime', 'Date', 'Time', 'Long', 'Upload', 'I18NLocaleCode']) expect(schema.getType(scalar)?.constructor.name).to.equal('GraphQLScalarType');
  });

  it('has a filter input per scalar with every operator REST has, and and/or/not', () => {
    for (const scalar of ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON']) {
      expect(type(`${scalar}FilterInput`)).to.equal(
        [
          `input ${scalar}FilterInput {`,
          `  and: [${scalar}]`,
          `  or: [${scalar}]`,
          `  not: ${scalar}FilterInput`,
          ...['eq', 'eqi', 'ne', 'nei', 'startsWith', 'startsWithi', 'endsWith', 'endsWithi', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte'].map(
            (op) => `  ${op}: ${scalar}`,
          ),
          '  null: Boolean',
          '  notNull: Boolean',
          ...['in', 'notIn', 'between'].map((op) => `  ${op}: [${scalar}]`),
          '}',
        ].join('\n'),
      );
    }
  });

  it('has the entity, response and collection types of a content-type', () => {
    expect(type('ArticleEntity')).to.equal('type ArticleEntity {\n  id: ID\n  attributes: Article\n}');
    expect(type('ArticleEntityResponse')).to.equal('type ArticleEntityResponse {\n  data: ArticleEntity\n}');
    expect(type('ArticleEntityResponseCollection')).to.equal('type ArticleEntityResponseCollection {\n  data: [ArticleEntity!]!\n  meta: ResponseCollectionMeta!\n}');
    expect(type('ArticleRelationResponseCollection')).to.equal('type ArticleRelationResponseCollection {\n  data: [ArticleEntity!]!\n}');
  });

  it('maps every attribute kind as Strapi v4 does', () => {
    const article = type('Article')
      .split('\n')
      .map((line) => line.trim());
    expect(article).to.include.members([
      // required, but a draft may lack it: nullable on a type with drafts, as Strapi v4 declares it
      'title: String',
      'views: Int',
      'rating: Float',
      'price: Float',
      'publishedOn: Date',
      'featured: Boolean',
      'meta: JSON',
      'status: ENUM_ARTICLE_STATUS',
      'category: CategoryEntityResponse',
      'tags(filters: TagFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): TagRelationResponseCollection',
      'cover: UploadFileEntityResponse',
      'seo: ComponentSharedSeo',
      'blocks: [ArticleBlocksDynamicZone]',
      'createdAt: DateTime',
      'updatedAt: DateTime',
      'publishedAt: DateTime',
      'locale: String',
      'localizations(filters: ArticleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], publicationState: PublicationState = LIVE): ArticleRelationResponseCollection',
    ]);
    expect(type('ENUM_ARTICLE_STATUS')).to.equal('enum ENUM_ARTICLE_STATUS {\n  draft\n  review\n  done\n}');
    expect(type('ArticleBlocksDynamicZone')).to.equal('union ArticleBlocksDynamicZone = ComponentSharedQuote | ComponentSharedRichText | Error');
    expect(type('ArticleBlocksDynamicZoneInput')).to.equal('scalar ArticleBlocksDynamicZoneInput');
    expect(type('ComponentSharedSeo')).to.equal(
      'type ComponentSharedSeo {\n  id: ID!\n  metaTitle: String\n  metaDescription: String\n  tags(filters: ComponentSharedMetaTagFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): [ComponentSharedMetaTag]\n}',
    );
    expect(type('ComponentSharedSeoInput')).to.equal('input ComponentSharedSeoInput {\n  id: ID\n  metaTitle: String\n  metaDescription: String\n  tags: [ComponentSharedMetaTagInput]\n}');
    expect(type('ComponentSharedSeoFiltersInput')).to.contain('metaTitle: StringFilterInput');
    expect(type('Writer')).to.not.contain('secret');
  });

  it('has the input and filters of a content-type: relations as ids, no locale or localizations to write', () => {
    const input = type('ArticleInput');
    for (const line of ['title: String', 'category: ID', 'tags: [ID]', 'cover: ID', 'seo: ComponentSharedSeoInput', 'blocks: [ArticleBlocksDynamicZoneInput!]', 'publishedAt: DateTime'])
      expect(input).to.contain(`  ${line}\n`);
    expect(input).to.not.match(/\n {2}locale:|\n {2}localizations:/);
    const filters = type('ArticleFiltersInput');
    for (const line of [
      'id: IDFilterInput',
      'title: StringFilterInput',
      'category: CategoryFiltersInput',
      'seo: ComponentSharedSeoFiltersInput',
      'createdAt: DateTimeFilterInput',
      'and: [ArticleFiltersInput]',
      'or: [ArticleFiltersInput]',
      'not: ArticleFiltersInput',
    ]) {
      expect(filters).to.contain(`  ${line}\n`);
    }
    expect(filters).to.not.contain('blocks');
    // a single type has no id filter
    expect(type('GlobalFiltersInput')).to.not.contain('  id:');
  });

  it("has the root fields of the shadow CRUD with Strapi v4's signatures", () => {
    expect(field('Query', 'articles')).to.equal(
      'articles(filters: ArticleFiltersInput, pagination: PaginationArg = {}, sort: [String] = [], publicationState: PublicationState = LIVE, locale: I18NLocaleCode): ArticleEntityResponseCollection',
    );
    expect(field('Query', 'article')).to.equal('article(id: ID, publicationState: PublicationState = LIVE, locale: I18NLocaleCode): ArticleEntityResponse');
    expect(field('Query', 'categories')).to.equal('categories(filters: CategoryFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): CategoryEntityResponseCollection');
    expect(field('Query', 'global')).to.equal('global: GlobalEntityResponse');
    expect(field('Query', 'uploadFiles')).to.equal('uploadFiles(filters: UploadFileFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): UploadFileEntityResponseCollection');
    expect(field('Query', 'i18NLocales')).to.equal('i18NLocales(filters: I18NLocaleFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): I18NLocaleEntityResponseCollection');
    expect(field('Mutation', 'createArticle')).to.equal('createArticle(data: ArticleInput!, locale: I18NLocaleCode): ArticleEntityResponse');
    expect(field('Mutation', 'updateArticle')).to.equal('updateArticle(id: ID!, data: ArticleInput!, locale: I18NLocaleCode): ArticleEntityResponse');
    expect(field('Mutation', 'deleteArticle')).to.equal('deleteArticle(id: ID!, locale: I18NLocaleCode): ArticleEntityResponse');
    expect(field('Mutation', 'createArticleLocalization')).to.equal('createArticleLocalization(id: ID, data: ArticleInput, locale: I18NLocaleCode): ArticleEntityResponse');
    expect(field('Mutation', 'updateGlobal')).to.equal('updateGlobal(data: GlobalInput!): GlobalEntityResponse');
    expect(field('Mutation', 'deleteGlobal')).to.equal('deleteGlobal: GlobalEntityResponse');
    // locales, files and folders are not written through the shadow CRUD
    for (const name of ['createI18NLocale', 'createUploadFile', 'updateUploadFile', 'deleteUploadFile', 'createUploadFolder']) expect(field('Mutation', name)).to.equal(undefined);
  });

  it('platform graphql:schema prints the same SDL', async () => {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'core', 'bin', 'platform.js'), 'graphql:schema', '--app', ROOT],
        {
          cwd: ROOT,
          env: { ...process.env, LOG_LEVEL: '', NODE_ENV: '', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: String(app.database.config.connection.connection.filename), JWT_SECRET, API_TOKEN_SALT },
        },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    expect(stdout).to.equal(fs.readFileSync(SNAPSHOT, 'utf8'));
  });
});

describe('GraphQL schema file', function () {
  this.timeout(60000);
  it("a start in development writes the app's schema.graphql; elsewhere it does not", async () => {
    const dir = exampleAppWith({});
    try {
      const production = await startApp({ ...AS_CONFIGURED, appDir: dir.dir, env: { ...AS_CONFIGURED.env, NODE_ENV: 'production' } });
      await production.close();
      expect(fs.existsSync(path.join(dir.dir, 'schema.graphql'))).to.equal(false);
      const develop = await startApp({ ...AS_CONFIGURED, appDir: dir.dir, env: { ...AS_CONFIGURED.env, NODE_ENV: 'development' } });
      await develop.close();
      expect(fs.readFileSync(path.join(dir.dir, 'schema.graphql'), 'utf8')).to.equal(fs.readFileSync(SNAPSHOT, 'utf8'));
    } finally {
      dir.remove();
    }
  });
});
