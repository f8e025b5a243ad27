/**
 * The unreadable rules applied to the query: a restricted attribute cannot be selected, filtered or
 * sorted on at any depth (an oracle otherwise), and `_q` searches only what may be read.
 */
import { expect } from 'chai';
import { ValidationError, type ModelRegistry } from '@platform/core';
import { createContentApi, type ContentApi } from './service';
import type { ContentApiContext } from './types';
import type { EntityService } from '../types';
import { ARTICLE, specModels, WRITER } from './spec-models';

const PUBLIC: ContentApiContext = { transport: 'rest', auth: null };
const TRUSTED: ContentApiContext = { transport: 'graphql', auth: { strategy: 'api-token', credentials: {}, ability: null } };

describe('content-API contract: restricted attributes in a query', () => {
  let models: ModelRegistry;
  let api: ContentApi;
  const sanitize = (query: Record<string, unknown>, context = PUBLIC, uid = ARTICLE) => api.sanitizeQuery(models.get(uid), query, context);
  const refused = (query: Record<string, unknown>, uid = ARTICLE): string => {
    try {
      sanitize(query, PUBLIC, uid);
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
      return (error as Error).message;
    }
    throw new Error(`expected ${JSON.stringify(query)} to be refused`);
  };

  beforeEach(() => {
    models = specModels();
    api = createContentApi(
      () => models,
      (): EntityService => {
        throw new Error('the contract alone reads no entries');
      },
    );
    api.hooks.access.tap('spec', ({ context, rules }) => {
      if (context.auth !== null) return;
      rules.push({ unreadable: (model) => ({ [WRITER]: ['email'], 'shared.seo': ['metaTitle'] })[model.uid] ?? [] });
    });
  });

  const cases: Array<[string, Record<string, unknown>, string, string?]> = [
    ['fields of the root', { fields: ['name', 'email'] }, 'email', WRITER],
    ['a filter of the root', { filters: { email: { $eq: 'a' } } }, 'email', WRITER],
    ['a sort of the root', { sort: { email: 'asc' } }, 'email', WRITER],
    ['a filter through a relation', { filters: { author: { email: { $startsWith: 'a' } } } }, 'email'],
    ['a filter under $or, $and and $not', { filters: { $or: [{ title: 'x' }, { $and: [{ $not: { author: { email: 'a' } } }] }] } }, 'email'],
    ['a filter in an index object (qs)', { filters: { $or: { 0: { author: { email: 'a' } } } } }, 'email'],
    ['a filter through a component', { filters: { seo: { metaTitle: { $eq: 'x' } } } }, 'metaTitle'],
    ['a dotted sort', { sort: 'title,author.email:desc' }, 'email'],
    ['an object sort', { sort: [{ author: { email: 'asc' } }] }, 'email'],
    ['fields inside populate', { populate: { author: { fields: ['name', 'email'] } } }, 'email'],
    ['a filter inside populate', { populate: { author: { filters: { email: { $eq: 'a' } } } } }, 'email'],
    ['a sort deep inside populate', { populate: { author: { populate: { articles: { sort: 'author.email' } } } } }, 'email'],
    ['a dynamic-zone fragment', { populate: { blocks: { on: { 'shared.seo': { fields: ['metaTitle'] } } } } }, 'metaTitle'],
  ];
  for (const [what, query, name, uid = ARTICLE] of cases) {
    it(`refuses ${what}`, () => {
      expect(refused(query, uid)).to.equal(`Invalid parameter ${name}`);
      expect(() => sanitize(query, TRUSTED, uid)).to.not.throw();
    });
  }

  it('lets the rest through untouched, populating a restricted relation included', () => {
    const query = { fields: ['title'], filters: { author: { name: 'Ada' } }, sort: 'author.name', populate: { author: { fields: ['name'] }, seo: true } };
    expect(sanitize(query)).to.deep.equal(query);
  });

  it('searches with _q only the attributes that may be read', () => {
    expect(sanitize({ _q: 'ada' }, PUBLIC, WRITER)).to.deep.equal({ filters: { $or: [{ name: { $containsi: 'ada' } }] } });
    expect(sanitize({ _q: '7', filters: { name: 'x' } }, PUBLIC, WRITER)).to.deep.equal({
      filters: { $and: [{ name: 'x' }, { $or: [{ name: { $containsi: '7' } }, { id: { $eq: 7 } }] }] },
    });
    expect(sanitize({ _q: 'ada' }, TRUSTED, WRITER)).to.deep.equal({ _q: 'ada' });
    expect(sanitize({ _q: 'ada' }, PUBLIC, ARTICLE)).to.deep.equal({ _q: 'ada' });
  });
});
