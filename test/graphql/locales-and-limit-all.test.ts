/**
 * `i18NLocales` answers whoever may call REST `GET /api/i18n/locales` (Strapi v4's
 * `plugin::i18n.locales.listLocales`), and refuses the others on both transports; and
 * `pagination: { limit: -1 }` answers every entry from `start` with `pageSize` the number
 * returned, as Strapi v4 does, within the list cap (`amountLimit`).
 */
import { expect } from 'chai';
import { bearer, register } from '../users-permissions/helpers';
import { gql } from './helpers';
import { describeSite, READ_SITE } from './site-seed';

const LIST_LOCALES = 'plugin::i18n.locales.listLocales';
const LOCALES = '{ i18NLocales { data { id attributes { name code } } } }';
const LIMIT_ALL = `query ($start: Int) { articles(sort: "id", pagination: { start: $start, limit: -1 }) { data { id } meta { pagination { total page pageSize pageCount } } } }`;

describeSite(
  'GraphQL i18NLocales and limit -1',
  (ctx) => {
    it('i18NLocales answers the locales to a role that may list them, as REST does', async () => {
      const rest = await ctx.app.get('/api/i18n/locales');
      expect(rest.status).to.equal(200);
      const ids = (rest.body as Array<{ id: number; code: string }>).map((locale) => [locale.code, String(locale.id)]);
      expect(ids.map(([code]) => code)).to.deep.equal(['en', 'fr']);
      const res = await gql(ctx.app, LOCALES);
      expect(res.body).to.deep.equal({
        data: {
          i18NLocales: {
            data: [
              { id: ids[0]?.[1], attributes: { name: 'English (en)', code: 'en' } },
              { id: ids[1]?.[1], attributes: { name: 'French (fr)', code: 'fr' } },
            ],
          },
        },
      });
      const one = await gql(ctx.app, `{ i18NLocale(id: ${ids[1]?.[1]}) { data { attributes { code } } } }`);
      expect(one.body).to.deep.equal({ data: { i18NLocale: { data: { attributes: { code: 'fr' } } } } });
    });

    it('a role that may not list them is refused on both transports', async () => {
      const { jwt } = await register(ctx.app);
      const rest = await ctx.app.get('/api/i18n/locales', bearer(jwt));
      expect(rest.status).to.equal(403);
      expect(rest.body).to.deep.equal({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
      const res = await gql(ctx.app, LOCALES, undefined, bearer(jwt));
      expect(res.body).to.deep.equal({
        errors: [
          {
            message: 'Forbidden access',
            locations: [{ line: 1, column: 3 }],
            path: ['i18NLocales'],
            extensions: { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' },
          },
        ],
        data: { i18NLocales: null },
      });
    });

    it('limit -1 answers every entry, pageSize the number returned, one page', async () => {
      const { first, second, bare } = ctx.site.articles;
      const all = await gql(ctx.app, LIMIT_ALL);
      expect(all.body).to.deep.equal({
        data: { articles: { data: [{ id: String(first) }, { id: String(second) }, { id: String(bare) }], meta: { pagination: { total: 3, page: 1, pageSize: 3, pageCount: 1 } } } },
      });
      const rest = await gql(ctx.app, LIMIT_ALL, { start: 1 });
      expect(rest.body).to.deep.equal({
        data: { articles: { data: [{ id: String(second) }, { id: String(bare) }], meta: { pagination: { total: 3, page: 1, pageSize: 2, pageCount: 1 } } } },
      });
      const none = await gql(ctx.app, LIMIT_ALL, { start: 5 });
      expect(none.body).to.deep.equal({ data: { articles: { data: [], meta: { pagination: { total: 3, page: 1, pageSize: 0, pageCount: 1 } } } } });
    });
  },
  { permissions: { public: [...READ_SITE, LIST_LOCALES], authenticated: READ_SITE } },
);

describeSite(
  'GraphQL limit -1 within the list cap',
  (ctx) => {
    it('answers at most amountLimit entries, pages of that size, pageSize the number returned', async () => {
      const { first, second, bare } = ctx.site.articles;
      const capped = await gql(ctx.app, LIMIT_ALL);
      expect(capped.body).to.deep.equal({
        data: { articles: { data: [{ id: String(first) }, { id: String(second) }], meta: { pagination: { total: 3, page: 1, pageSize: 2, pageCount: 2 } } } },
      });
      const last = await gql(ctx.app, LIMIT_ALL, { start: 2 });
      expect(last.body).to.deep.equal({ data: { articles: { data: [{ id: String(bare) }], meta: { pagination: { total: 3, page: 1, pageSize: 1, pageCount: 1 } } } } });
    });
  },
  { graphql: { amountLimit: 2 } },
);
