/**
 * The content-API contract on its own: which client parameters pass, that internal flags never
 * do (whatever the transport), that a guard's rules remove what a caller may not read or
 * write at every depth, copy on write, and that a guard is asked once per request.
 */
import { expect } from 'chai';
import { BootError, ForbiddenError, UnauthorizedError, ValidationError, type ModelRegistry } from '@platform/core';
import { privateKeys } from './output';
import { createContentApi, type ContentApi } from './service';
import type { ContentApiContext } from './types';
import type { EntityService } from '../types';
import { ARTICLE, specModels, WRITER } from './spec-models';

const REST: ContentApiContext = { transport: 'rest', auth: null };
const GRAPHQL: ContentApiContext = { transport: 'graphql', auth: null };
const EDITOR: ContentApiContext = { transport: 'rest', auth: { strategy: 'users-permissions', credentials: { role: 'editor' }, ability: null } };

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

async function rejected(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('content-API contract', () => {
  let models: ModelRegistry;
  let api: ContentApi;
  beforeEach(() => {
    models = specModels();
    api = createContentApi(
      () => models,
      (): EntityService => {
        throw new Error('the contract alone reads no entries');
      },
    );
  });

  describe('client parameters', () => {
    it("starts with the engine's own parameters", () => {
      expect(api.params.list().map((p) => [p.name, p.owner])).to.deep.equal([
        ['_q', 'query-engine'],
        ['filters', 'query-engine'],
        ['pagination', 'query-engine'],
        ['fields', 'query-engine'],
        ['sort', 'query-engine'],
        ['populate', 'query-engine'],
      ]);
    });

    it('passes declared parameters only; a plugin parameter once its plugin declared it', () => {
      const query = { fields: ['title'], filters: { title: 'x' }, sort: 'title', populate: '*', pagination: { page: '1' }, _q: 'x', locale: 'fr', foo: 'bar' };
      const article = models.get(ARTICLE);
      expect(api.sanitizeQuery(article, query, REST)).to.deep.equal({ fields: ['title'], filters: { title: 'x' }, sort: 'title', populate: '*', pagination: { page: '1' }, _q: 'x' });
      api.params.declare({ name: 'locale', owner: 'i18n', kinds: ['string'] });
      expect(api.sanitizeQuery(article, query, REST)).to.have.property('locale', 'fr');
    });

    for (const context of [REST, GRAPHQL, EDITOR]) {
      it(`never lets an internal flag through (${context.transport}${context.auth ? ', authenticated' : ''})`, () => {
        const query = { includePrivate: true, includeHidden: 'true', fields: ['title'] };
        expect(api.sanitizeQuery(models.get(ARTICLE), query, context)).to.deep.equal({ fields: ['title'] });
      });
    }

    it('refuses to declare an internal flag, a parameter twice, or one after register', () => {
      for (const [name, code] of [
        ['includePrivate', 'PARAM_INTERNAL'],
        ['includeHidden', 'PARAM_INTERNAL'],
        ['filters', 'PARAM_DUPLICATE'],
      ] as const) {
        const error = thrown(() => api.params.declare({ name, owner: 'mine', kinds: ['string'] }));
        expect(error, name).to.be.instanceOf(BootError);
        expect((error as BootError).code, name).to.equal(`query-engine.${code}`);
      }
      api.params.lock();
      const late = thrown(() => api.params.declare({ name: 'late', owner: 'mine', kinds: ['string'] }));
      expect((late as BootError).code).to.equal('query-engine.PARAMS_LOCKED');
    });

    it('answers the 400 naming a declared parameter of the wrong shape', () => {
      api.params.declare({ name: 'publicationState', owner: 'draft-publish', kinds: ['string'] });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ filters: 'x' }, 'filters'],
        [{ pagination: '3' }, 'pagination'],
        [{ fields: { a: 'b' } }, 'fields'],
        [{ fields: ['a', ['b']] }, 'fields'],
        [{ sort: 5 }, 'sort'],
        [{ populate: 5 }, 'populate'],
        [{ _q: ['x'] }, '_q'],
        [{ publicationState: ['live'] }, 'publicationState'],
      ];
      for (const [query, name] of cases) {
        const error = thrown(() => api.validateQuery(query, REST));
        expect(error, name).to.be.instanceOf(ValidationError);
        expect(error.message, name).to.equal(`Invalid parameter ${name}`);
        expect((error as ValidationError).details, name).to.deep.equal({});
      }
      expect(() => api.validateQuery({ populate: null, fields: 'title', sort: [{ a: 'asc' }], locale: { a: 'b' }, includePrivate: { x: 1 } }, REST)).to.not.throw();
    });

    it('lets sanitizeQuery taps change the query with the caller in view', () => {
      api.hooks.sanitizeQuery.tap('spec', ({ query, context, model }) => {
        if (context.auth === null && model.uid === ARTICLE) delete query.populate;
      });
      expect(api.sanitizeQuery(models.get(ARTICLE), { populate: '*', sort: 'title' }, REST)).to.deep.equal({ sort: 'title' });
      expect(api.sanitizeQuery(models.get(ARTICLE), { populate: '*' }, EDITOR)).to.deep.equal({ populate: '*' });
    });
  });

  describe('output', () => {
    const entry = () => ({
      id: 1,
      title: 'T',
      secret: 's',
      author: { id: 2, name: 'Ada', email: 'a@x', token: 't', password: 'p', articles: [{ id: 1, title: 'T', secret: 's' }], profile: { id: 3, metaTitle: 'm', note: 'n' } },
      seo: [{ id: 4, metaTitle: 'm', note: 'n' }],
      blocks: [
        { id: 5, __component: 'shared.quote', text: 'q', by: { id: 2, name: 'Ada', email: 'a@x', token: 't' } },
        { id: 6, __component: 'shared.seo', metaTitle: 'm', note: 'n' },
      ],
    });

    it('removes private and password attributes at every depth, leaving the input as it was', () => {
      const input = entry();
      const out = api.sanitizeOutput(models.get(ARTICLE), [input], REST);
      expect(out).to.deep.equal([
        {
          id: 1,
          title: 'T',
          author: { id: 2, name: 'Ada', email: 'a@x', articles: [{ id: 1, title: 'T' }], profile: { id: 3, metaTitle: 'm' } },
          seo: [{ id: 4, metaTitle: 'm' }],
          blocks: [
            { id: 5, __component: 'shared.quote', text: 'q', by: { id: 2, name: 'Ada', email: 'a@x' } },
            { id: 6, __component: 'shared.seo', metaTitle: 'm' },
          ],
        },
      ]);
      expect(input).to.deep.equal(entry());
    });

    it("reads a model's private keys from its schema once", () => {
      const first = privateKeys(models.get(ARTICLE));
      expect(first).to.deep.equal(['secret']);
      expect(privateKeys(models.get(ARTICLE))).to.equal(first);
    });

    it('returns the same objects when nothing is to be removed', () => {
      const clean = { id: 1, title: 'T', author: { id: 2, name: 'Ada', articles: [] }, seo: [], blocks: [] };
      expect(api.sanitizeOutput(models.get(ARTICLE), clean, REST)).to.equal(clean);
    });

    it('removes what the unreadable rules name for the caller, at the root, through relations, in components and zones', () => {
      const seen: string[] = [];
      api.hooks.access.tap('spec', ({ context, rules }) => {
        if (context.auth !== null) return;
        rules.push({
          unreadable(model) {
            seen.push(model.uid);
            return { [WRITER]: ['email'], [ARTICLE]: ['title'], 'shared.seo': ['metaTitle'] }[model.uid] ?? [];
          },
        });
      });
      const out = api.sanitizeOutput(models.get(ARTICLE), entry(), REST);
      expect(out).to.deep.equal({
        id: 1,
        author: { id: 2, name: 'Ada', articles: [{ id: 1 }], profile: { id: 3 } },
        seo: [{ id: 4 }],
        blocks: [
          { id: 5, __component: 'shared.quote', text: 'q', by: { id: 2, name: 'Ada' } },
          { id: 6, __component: 'shared.seo' },
        ],
      });
      // asked once per model and request, however many entries and calls
      expect([...seen].sort()).to.deep.equal([ARTICLE, 'shared.quote', 'shared.seo', WRITER].sort());
      api.sanitizeOutput(models.get(ARTICLE), entry(), REST);
      expect(seen).to.have.length(4);
      // another caller, another answer: only the schema's private attributes go
      expect(api.sanitizeOutput(models.get(ARTICLE), { id: 1, title: 'T', secret: 's' }, EDITOR)).to.deep.equal({ id: 1, title: 'T' });
    });
    it('asks the taps about no other model for an entry without relations, components or zones', () => {
      const seen: string[] = [];
      api.hooks.access.tap('spec', ({ rules }) => {
        rules.push({
          unreadable(model) {
            seen.push(model.uid);
            return [];
          },
        });
      });
      const plain = [
        { id: 1, title: 'T', secret: 's' },
        { id: 2, title: 'U', author: null, seo: null },
      ];
      expect(api.sanitizeOutput(models.get(ARTICLE), plain, REST)).to.deep.equal([
        { id: 1, title: 'T' },
        { id: 2, title: 'U', author: null, seo: null },
      ]);
      expect(seen).to.deep.equal([ARTICLE]);
    });
  });

  describe('input', () => {
    it('drops non-writable keys at the root only', () => {
      const data = { id: 9, createdAt: 'x', updatedAt: 'y', createdBy: 1, updatedBy: 1, locked: 'l', title: 'T', seo: [{ id: 4, metaTitle: 'm' }] };
      expect(api.sanitizeInput(models.get(ARTICLE), data, REST)).to.deep.equal({ title: 'T', seo: [{ id: 4, metaTitle: 'm' }] });
    });

    it('drops what the unwritable rules name at the root, in components and in zone items, copy on write', () => {
      api.hooks.access.tap('spec', ({ rules }) => {
        rules.push({ unwritable: (model) => ({ [ARTICLE]: ['author'], 'shared.seo': ['note'], [WRITER]: ['email'] })[model.uid] ?? [] });
      });
      const data = {
        title: 'T',
        author: 2,
        seo: [{ id: 4, metaTitle: 'm', note: 'n' }, { metaTitle: 'k' }],
        blocks: [
          { __component: 'shared.seo', metaTitle: 'z', note: 'n' },
          { __component: 'shared.quote', text: 'q', by: 2 },
        ],
      };
      const snapshot = JSON.parse(JSON.stringify(data));
      const out = api.sanitizeInput(models.get(ARTICLE), data, REST);
      expect(out).to.deep.equal({
        title: 'T',
        seo: [{ id: 4, metaTitle: 'm' }, { metaTitle: 'k' }],
        blocks: [
          { __component: 'shared.seo', metaTitle: 'z' },
          { __component: 'shared.quote', text: 'q', by: 2 },
        ],
      });
      expect(data).to.deep.equal(snapshot);
      expect((out.blocks as unknown[])[1]).to.equal(data.blocks[1]);
      const writer = { name: 'Ada', profile: { metaTitle: 'm', note: 'n' }, email: 'a@x' };
      expect(api.sanitizeInput(models.get(WRITER), writer, REST)).to.deep.equal({ name: 'Ada', profile: { metaTitle: 'm' } });
    });
  });

  describe('authorize', () => {
    it('allows everything while untapped', async () => {
      await api.authorize({ context: REST, uid: ARTICLE, action: 'delete' });
    });

    it("gives the rules the permission to check, and denies with the transport's 403 and the denying rule's details", async () => {
      const asked: Array<[string, string]> = [];
      api.hooks.access.tap('spec', ({ context, rules }) => {
        rules.push({
          can(permission) {
            asked.push([context.transport, permission]);
            return permission.endsWith('.find') ? undefined : false;
          },
          explain: async (permission) => ({ action: permission }),
        });
      });
      await api.authorize({ context: REST, uid: ARTICLE, action: 'find' });
      const rest = await rejected(api.authorize({ context: REST, uid: ARTICLE, action: 'create' }));
      expect(rest).to.be.instanceOf(ForbiddenError);
      expect([rest.message, (rest as ForbiddenError).status, (rest as ForbiddenError).details]).to.deep.equal(['Forbidden', 403, { action: 'api::article.article.create' }]);
      const graphql = await rejected(api.authorize({ context: GRAPHQL, uid: ARTICLE, action: 'findOne' }));
      expect(graphql.message).to.equal('Forbidden access');
      expect(asked).to.deep.equal([
        ['rest', 'api::article.article.find'],
        ['rest', 'api::article.article.create'],
        ['graphql', 'api::article.article.findOne'],
      ]);
    });

    it('lets a tap answer with its own error (401 without credentials)', async () => {
      api.hooks.access.tap('spec', ({ context }) => {
        if (context.auth === null) throw new UnauthorizedError('Missing or invalid credentials');
      });
      expect(await rejected(api.authorize({ context: REST, uid: ARTICLE, action: 'find' }))).to.be.instanceOf(UnauthorizedError);
      await api.authorize({ context: EDITOR, uid: ARTICLE, action: 'find' });
    });

    it('asks the taps once per request (context object), and each permission once', async () => {
      let entered = 0;
      const checked: string[] = [];
      api.hooks.access.tap('spec', ({ rules }) => {
        entered += 1;
        rules.push({
          can: (permission) => {
            checked.push(permission);
            return true;
          },
          unreadable: () => [],
        });
      });
      const request: ContentApiContext = { transport: 'graphql', auth: null };
      for (const action of ['find', 'find', 'findOne'] as const) await api.authorize({ context: request, uid: ARTICLE, action });
      expect(api.can({ context: request, uid: WRITER, action: 'find' })).to.equal(true);
      api.sanitizeOutput(models.get(ARTICLE), { id: 1 }, request);
      expect(entered).to.equal(1);
      expect(checked).to.deep.equal([`${ARTICLE}.find`, `${ARTICLE}.findOne`, `${WRITER}.find`]);
      await api.authorize({ context: { transport: 'graphql', auth: null }, uid: ARTICLE, action: 'find' });
      expect(entered).to.equal(2);
    });
  });
});
