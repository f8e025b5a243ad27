import { expect } from 'chai';
import { ValidationError, type Model } from '@platform/core';
import { parsePopulate } from './parse';
import { MAX_POPULATE_DEPTH } from './parse-helpers';
import { bootExampleApp, type SpecPlatform } from './spec-platform';
import type { PopulateNode } from '../query/contracts';
import { POPULATE_OPTIONS } from '../../types';

const leaf = (field: string): PopulateNode => ({ field, populate: [] });
const blocksShared = (quote: PopulateNode[] = [], richText: PopulateNode[] = []): PopulateNode => ({
  field: 'blocks',
  populate: [],
  components: { 'shared.quote': { populate: quote }, 'shared.rich-text': { populate: richText } },
});

describe('parsePopulate', function () {
  this.timeout(30000);
  let spec: SpecPlatform;
  let article: Model;
  let writer: Model;
  const parse = (input: unknown, model: Model = article) => parsePopulate(spec.engine, model, input, 'populate');
  const failure = (input: unknown, model: Model = article): ValidationError => {
    try {
      parse(input, model);
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
      return error as ValidationError;
    }
    throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  };

  before(async () => {
    spec = await bootExampleApp();
    article = spec.platform.models.get('api::article.article');
    writer = spec.platform.models.get('api::writer.writer');
  });
  after(async () => {
    await spec?.close();
  });

  describe('nothing', () => {
    for (const input of [undefined, null, '', false, [], {}, ' , ']) {
      it(`${JSON.stringify(input)} populates nothing`, () => {
        expect(parse(input)).to.deep.equal([]);
      });
    }
  });

  describe('populate=*', () => {
    it('populates every relation, component, dynamic zone and linked attribute one level deep, in schema order', () => {
      expect(parse('*')).to.deep.equal([leaf('category'), leaf('tags'), leaf('author'), leaf('related'), leaf('cover'), leaf('seo'), blocksShared(), leaf('localizations')]);
    });
    it('is the same as true from internal callers', () => {
      expect(parse(true)).to.deep.equal(parse('*'));
    });
    it('on a model without a dynamic zone', () => {
      expect(parse('*', writer)).to.deep.equal([leaf('articles'), leaf('avatar'), leaf('profile')]);
    });
    it('nested `populate=*` is everything one level below', () => {
      expect(parse({ seo: { populate: '*' } })).to.deep.equal([{ field: 'seo', populate: [leaf('tags')] }]);
    });
  });

  describe('list forms', () => {
    it('comma string, in schema order whatever the request order', () => {
      expect(parse('tags,category')).to.deep.equal([leaf('category'), leaf('tags')]);
    });
    it('comma string with spaces and empty items', () => {
      expect(parse(' tags , ,category,')).to.deep.equal([leaf('category'), leaf('tags')]);
    });
    it('index list', () => {
      expect(parse(['author', 'seo'])).to.deep.equal([leaf('author'), leaf('seo')]);
    });
    it('index list items may be comma strings', () => {
      expect(parse(['author,seo', 'tags'])).to.deep.equal([leaf('tags'), leaf('author'), leaf('seo')]);
    });
    it('dotted path populates a nested component', () => {
      expect(parse(['seo', 'seo.tags'])).to.deep.equal([{ field: 'seo', populate: [leaf('tags')] }]);
      expect(parse('seo.tags')).to.deep.equal([{ field: 'seo', populate: [leaf('tags')] }]);
    });
    it('dotted path through relations', () => {
      expect(parse('category.articles.tags')).to.deep.equal([{ field: 'category', populate: [{ field: 'articles', populate: [leaf('tags')] }] }]);
    });
    it('dotted paths sharing a head are merged', () => {
      expect(parse(['category.articles', 'category', 'tags.articles.author', 'tags.articles.category'])).to.deep.equal([
        { field: 'category', populate: [leaf('articles')] },
        { field: 'tags', populate: [{ field: 'articles', populate: [leaf('category'), leaf('author')] }] },
      ]);
    });
    it('dotted path into a dynamic zone applies to every component (unknown names ignored)', () => {
      expect(parse('blocks.nothing')).to.deep.equal([blocksShared()]);
    });
    it('unknown names and scalar attributes are ignored', () => {
      expect(parse('nope,title,category.nope,seo.metaTitle')).to.deep.equal([leaf('category'), leaf('seo')]);
    });
    it('a nested path the target has no attribute for is ignored', () => {
      expect(parse('cover.related')).to.deep.equal([leaf('cover')]);
    });
    it('`*` inside a list is `*`, as Strapi 4.13 read it (4.26 answers 500)', () => {
      expect(parse(['*'])).to.deep.equal(parse('*'));
      expect(parse('category,*')).to.deep.equal(parse('*'));
      expect(parse(['tags', '*', 'seo'])).to.deep.equal(parse('*'));
    });
    it('a list item that is neither a string nor an object is a 400', () => {
      expect(failure(['category', 5]).message).to.equal('Invalid parameter populate[1]: expected a string, an array of strings or a populate object');
      expect(failure(['category', null]).message).to.equal('Invalid parameter populate[1]: expected a string, an array of strings or a populate object');
    });
  });

  describe('the pieces older clients mix in one query string, merged as Strapi 4.13 read them', () => {
    it('an object piece, a plain value and a named key (qs: `{ 0: {...}, 1: "x", seo: "true" }`)', () => {
      expect(parse({ 0: { blocks: { populate: '*' } }, 1: 'localizations', seo: 'true' })).to.deep.equal([leaf('seo'), blocksShared(), leaf('localizations')]);
      expect(parse({ 0: { blocks: { populate: '*' } }, 1: 'localizations', seo: 'true' })).to.deep.equal(parse({ blocks: { populate: '*' }, localizations: true, seo: true }));
    });
    it('a plain value first, then an object (qs: an array of both)', () => {
      expect(parse(['localizations', { seo: { populate: 'tags' } }])).to.deep.equal([{ field: 'seo', populate: [leaf('tags')] }, leaf('localizations')]);
      expect(parse([{ seo: 'true' }, 'localizations'])).to.deep.equal([leaf('seo'), leaf('localizations')]);
    });
    it('`*` with an object populates every attribute, and the object goes deeper where it says', () => {
      expect(parse(['*', { seo: { populate: '*' } }])).to.deep.equal([
        leaf('category'),
        leaf('tags'),
        leaf('author'),
        leaf('related'),
        leaf('cover'),
        { field: 'seo', populate: [leaf('tags')] },
        blocksShared(),
        leaf('localizations'),
      ]);
    });
    it('`*` inside a nested list, alone or with an object', () => {
      expect(parse({ category: { populate: ['*', 'articles'] } })).to.deep.equal(parse({ category: { populate: '*' } }));
      expect(parse({ author: { populate: ['*', { avatar: true }] } })).to.deep.equal([{ field: 'author', populate: [leaf('articles'), leaf('avatar'), leaf('profile')] }]);
    });
    it('the same attribute asked twice populates what both ask for, dotted paths included', () => {
      expect(parse({ 0: 'category.articles', category: { fields: ['name'] } })).to.deep.equal([{ field: 'category', populate: [leaf('articles')], fields: ['name'] }]);
      expect(parse({ 0: { tags: { populate: 'articles' } }, 1: { tags: { populate: { articles: { populate: 'category' } } } }, 2: 'tags' })).to.deep.equal([
        { field: 'tags', populate: [{ field: 'articles', populate: [leaf('category')] }] },
      ]);
    });
    it('list items past qs array limit (index keys) are pieces too', () => {
      expect(parse({ 101: 'tags', 102: 'category' })).to.deep.equal([leaf('category'), leaf('tags')]);
    });
  });

  describe('depth bound', () => {
    const path = (levels: number) => Array.from({ length: levels }, (_, i) => (i % 2 === 0 ? 'category' : 'articles')).join('.');
    it(`accepts a dotted path of ${MAX_POPULATE_DEPTH} levels`, () => {
      let node = parse(path(MAX_POPULATE_DEPTH))[0];
      let depth = 0;
      while (node) {
        node = node.populate[0];
        depth += 1;
      }
      expect(depth).to.equal(MAX_POPULATE_DEPTH);
    });
    it(`refuses ${MAX_POPULATE_DEPTH + 1} levels with a 400, fast, even for a huge string`, () => {
      expect(failure(path(MAX_POPULATE_DEPTH + 1)).message).to.equal(`Invalid parameter populate: deeper than ${MAX_POPULATE_DEPTH} levels`);
      const started = Date.now();
      expect(failure(path(20000)).message).to.equal(`Invalid parameter populate: deeper than ${MAX_POPULATE_DEPTH} levels`);
      expect(Date.now() - started).to.be.below(200);
    });
    it('counts object nesting and dotted paths together', () => {
      expect(parse({ related: { populate: path(MAX_POPULATE_DEPTH - 1) } })).to.have.length(1);
      expect(failure({ related: { populate: path(MAX_POPULATE_DEPTH) } }).message).to.equal(`Invalid parameter populate: deeper than ${MAX_POPULATE_DEPTH} levels`);
    });
  });

  describe('object form', () => {
    it('true, t, 1, * and any other string populate; false, f, 0 and empty do not', () => {
      expect(parse({ category: 'true', tags: 't', author: '1', related: 'false', cover: 'f', seo: '0', blocks: '', localizations: '*' })).to.deep.equal([
        leaf('category'),
        leaf('tags'),
        leaf('author'),
        leaf('localizations'),
      ]);
      expect(parse({ category: true, tags: false })).to.deep.equal([leaf('category')]);
    });
    it('an object with no known option populates the attribute', () => {
      expect(parse({ category: { anything: 'x' } })).to.deep.equal([leaf('category')]);
    });
    it('nested populate in every form', () => {
      const expected = [{ field: 'seo', populate: [leaf('tags')] }];
      expect(parse({ seo: { populate: 'tags' } })).to.deep.equal(expected);
      expect(parse({ seo: { populate: ['tags'] } })).to.deep.equal(expected);
      expect(parse({ seo: { populate: { tags: 'true' } } })).to.deep.equal(expected);
      expect(parse({ seo: { populate: { tags: { fields: ['name'] } } } })).to.deep.equal([{ field: 'seo', populate: [{ field: 'tags', fields: ['name'], populate: [] }] }]);
    });
    it('fields, filters and sort inside a populated relation are kept (validated)', () => {
      const input = { category: { fields: ['name'], filters: { name: { $eq: 'News' } }, sort: 'name:desc', populate: { articles: true } } };
      expect(parse(input)).to.deep.equal([{ field: 'category', fields: ['name'], filters: { name: { $eq: 'News' } }, sort: 'name:desc', populate: [leaf('articles')] }]);
    });
    it("an internal caller's options (under POPULATE_OPTIONS) go on the attribute's node, at any depth and through merged pieces", () => {
      const windows = [{ offset: 2, limit: 3 }];
      const params = { publicationState: 'preview' };
      const input = { category: { fields: ['name'], populate: { articles: { [POPULATE_OPTIONS]: { params, windows } } } }, tags: { [POPULATE_OPTIONS]: { windows: [] } } };
      const expected = [{ field: 'category', fields: ['name'], populate: [{ field: 'articles', populate: [], params, windows }] }, leaf('tags')];
      expect(parse(input)).to.deep.equal(expected);
      expect(parse({ 0: 'tags', 1: { category: input.category } })).to.deep.equal(expected);
    });
    it('keys named like those options are unknown keys a client may send, ignored', () => {
      expect(parse({ tags: { params: { publicationState: 'preview' }, windows: [{ offset: 1, limit: 1 }], window: { offset: 1, limit: 1 } } })).to.deep.equal([leaf('tags')]);
    });
    it('pagination inside populate is ignored', () => {
      expect(parse({ tags: { pagination: { page: 2, pageSize: 1 }, start: 1, limit: 1 } })).to.deep.equal([leaf('tags')]);
    });
    it('count on a to-many relation', () => {
      expect(parse({ tags: { count: 'true' } })).to.deep.equal([{ field: 'tags', populate: [], count: true }]);
      expect(parse({ tags: { count: true } })).to.deep.equal([{ field: 'tags', populate: [], count: true }]);
      expect(parse({ tags: { count: 'false' } })).to.deep.equal([leaf('tags')]);
    });
    it('count on a to-one relation or a component is ignored', () => {
      expect(parse({ category: { count: 'true' }, seo: { count: 'true' } })).to.deep.equal([leaf('category'), leaf('seo')]);
    });
    it('a count that is not a boolean is a 400', () => {
      expect(failure({ tags: { count: 'yes' } }).message).to.equal('Invalid parameter populate[tags][count]: expected true or false');
    });
    it('unknown keys are ignored before their value is read; the pieces of a mix are not unknown keys', () => {
      // `populate[blocks][populate]=x&populate=localizations&populate[seo][populate]=tags&...`
      const input = { 0: { blocks: { populate: 'x' } }, 1: 'localizations', seo: { populate: 'tags' }, nope: [1], title: true };
      expect(parse(input)).to.deep.equal([{ field: 'seo', populate: [leaf('tags')] }, blocksShared(), leaf('localizations')]);
    });
    it('an unknown field inside populate fields is a 400', () => {
      expect(failure({ category: { fields: ['nope'] } }).message).to.equal('Invalid parameter nope');
    });
    it('a private field inside populate fields is a 400', () => {
      expect(failure({ author: { fields: ['secret'] } }).message).to.equal('Invalid parameter secret');
    });
    it('an unknown attribute inside populate filters is a 400', () => {
      expect(failure({ category: { filters: { nope: { $eq: 1 } } } }).message).to.equal('Invalid parameter nope');
    });
    it('an unknown attribute or a bad order inside populate sort is a 400', () => {
      expect(failure({ category: { sort: 'nope:desc' } }).message).to.equal('Invalid parameter nope');
      expect(failure({ tags: { sort: { name: 'sideways' } } }).message).to.equal('Invalid order. order can only be one of asc|desc|ASC|DESC');
    });
    it('internal callers (includePrivate) may select private fields inside populate', () => {
      expect(parsePopulate(spec.engine, article, { author: { fields: ['secret'] } }, 'populate', { includePrivate: true })).to.deep.equal([{ field: 'author', fields: ['secret'], populate: [] }]);
    });
    it('an array, a number or a bare key (null) as a value is a 400', () => {
      expect(failure({ seo: ['tags'] }).message).to.equal('Invalid parameter populate[seo]: expected a string, an array of strings or a populate object');
      expect(failure({ seo: 3 }).message).to.equal('Invalid parameter populate[seo]: expected a string, an array of strings or a populate object');
      expect(failure({ seo: null }).message).to.equal('Invalid parameter populate[seo]: expected a string, an array of strings or a populate object');
      expect(failure(42).message).to.equal('Invalid parameter populate: expected a string, an array of strings or a populate object');
    });
  });

  describe('dynamic zones', () => {
    it('true: every component, scalars only', () => {
      expect(parse({ blocks: 'true' })).to.deep.equal([blocksShared()]);
    });
    it('shared strategy `[dz][populate]=*`', () => {
      expect(parse({ blocks: { populate: '*' } })).to.deep.equal([blocksShared()]);
    });
    it('`__component` and other unknown keys inside a dz populate are ignored', () => {
      expect(parse({ blocks: { populate: { __component: true, nope: true } } })).to.deep.equal([blocksShared()]);
    });
    it('per-component strategy `[dz][on][cat.comp]` keeps only the listed components', () => {
      expect(parse({ blocks: { on: { 'shared.quote': { fields: ['title'], sort: 'title', filters: { title: { $ne: 'x' } } } } } })).to.deep.equal([
        { field: 'blocks', populate: [], on: { 'shared.quote': { fields: ['title'], sort: 'title', filters: { title: { $ne: 'x' } }, populate: [] } } },
      ]);
    });
    it('`on` fragments given as booleans; false and unknown components are left out', () => {
      expect(parse({ blocks: { on: { 'shared.quote': 'true', 'shared.rich-text': 'false', 'shared.seo': 'true', nope: true } } })).to.deep.equal([
        { field: 'blocks', populate: [], on: { 'shared.quote': { populate: [] } } },
      ]);
    });
    it('`on` wins over the shared options given beside it', () => {
      expect(parse({ blocks: { on: { 'shared.rich-text': true }, populate: '*' } })).to.deep.equal([{ field: 'blocks', populate: [], on: { 'shared.rich-text': { populate: [] } } }]);
    });
    it('a field unknown to a fragment component is a 400', () => {
      expect(failure({ blocks: { on: { 'shared.rich-text': { fields: ['title'] } } } }).message).to.equal('Invalid parameter title');
    });
    it('`on` that is not an object is a 400', () => {
      expect(failure({ blocks: { on: 'shared.quote' } }).message).to.equal('Invalid parameter populate[blocks][on]: expected a string, an array of strings or a populate object');
    });
  });

  describe('creator fields', () => {
    // the writer as if its schema set `options.populateCreatorFields`
    const showing = () => ({ ...writer, options: { ...writer.options, populateCreatorFields: true } });

    it('are never populated without populateCreatorFields, whatever the form', () => {
      expect(parse('createdBy,updatedBy', writer)).to.deep.equal([]);
      expect(parse({ createdBy: true, updatedBy: { fields: ['email'] } }, writer)).to.deep.equal([]);
      expect(parse('*', writer).map((node) => node.field)).to.not.include('createdBy');
    });

    it('populate=* adds them after every attribute', () => {
      expect(parse('*', showing())).to.deep.equal([leaf('articles'), leaf('avatar'), leaf('profile'), leaf('createdBy'), leaf('updatedBy')]);
    });

    it('the list and object forms populate the ones named, nothing below them, in schema order', () => {
      expect(parse('updatedBy.roles,articles', showing())).to.deep.equal([leaf('articles'), leaf('updatedBy')]);
      expect(parse({ updatedBy: { populate: '*' }, createdBy: 'false' }, showing())).to.deep.equal([leaf('updatedBy')]);
    });

    it('a value that is no populate is a 400', () => {
      expect(failure({ createdBy: 3 }, showing()).message).to.equal('Invalid parameter populate[createdBy]: expected a string, an array of strings or a populate object');
    });
  });
});
