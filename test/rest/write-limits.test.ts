/**
 * The limits of the columns of Strapi v4's layout, the same on every database: a value that a
 * column cannot hold is a 400 with nothing written (never a 500 on MariaDB or PostgreSQL, never
 * silently kept on SQLite), decimals are stored rounded to two places everywhere, JSON values
 * are stored as their JSON text (a string stays a string), unique checks are case-sensitive.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { countRows } from '../helpers/count';
import type { Json } from '../helpers/json';

const appDir = path.join(__dirname, '..', 'fixtures', 'write-types-app');

function rejected(pathParts: string[], message: string) {
  return {
    data: null,
    error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: pathParts, message, name: 'ValidationError' }] } },
  };
}

async function rowCounts(app: TestApp): Promise<number[]> {
  const out: number[] = [];
  for (const table of ['samples', 'samples_components', 'components_parts_details']) {
    const n = await countRows(app.knex(table));
    out.push(n);
  }
  return out;
}

describeEachDatabase(
  'write limits of the columns',
  (ctx) => {
    const post = (data: Record<string, unknown>) => ctx.app.post('/api/samples', { data: { name: 'ok', ...data } });

    async function expectRejected(data: Record<string, unknown>, pathParts: string[], message: string) {
      const before = await rowCounts(ctx.app);
      const res = await post(data);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(400);
      expect(res.body).to.deep.equal(rejected(pathParts, message));
      expect(await rowCounts(ctx.app)).to.deep.equal(before);
    }

    async function stored(data: Record<string, unknown>): Promise<{ attributes: Record<string, Json>; row: Record<string, Json> }> {
      const res = await post(data);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
      const read = await ctx.app.get(`/api/samples/${res.body.data.id}`);
      expect(read.body.data.attributes).to.deep.equal(res.body.data.attributes);
      const row = await ctx.app.knex('samples').where('id', res.body.data.id).first();
      return { attributes: res.body.data.attributes, row };
    }

    describe('strings in varchar(255) columns', () => {
      const long = (n: number, unit = 'A') => unit.repeat(n);
      const cases: Array<[string, (n: number) => string]> = [
        ['code', (n) => long(n)], // a string (its regex allows capitals only)
        ['email', (n) => `${long(n - 5, 'a')}@b.co`],
        ['secret', (n) => long(n)], // password
        ['slug', (n) => long(n, 'a')], // uid
        ['label', (n) => long(n, '🎉')], // 255 emoji are 510 UTF-16 units and still fit
      ];

      for (const [name, make] of cases) {
        it(`${name}: 255 characters are stored, 256 are a 400`, async () => {
          const { attributes, row } = await stored({ [name]: make(255) });
          expect(row[name]).to.equal(make(255));
          if (name !== 'secret') expect(attributes[name]).to.equal(make(255));
          await expectRejected({ [name]: make(256) }, [name], `${name} must be at most 255 characters`);
        });
      }

      it('a long text is not limited, and the limit applies inside components with their path', async () => {
        const { row } = await stored({ body: 'y'.repeat(70000) });
        expect(row.body).to.equal('y'.repeat(70000));
        await expectRejected({ notes: [{ text: 'n' }, { text: 'n'.repeat(256) }] }, ['notes', '1', 'text'], 'notes[1].text must be at most 255 characters');
      });
    });

    describe('the NUL character', () => {
      it('is refused in every string attribute, at Json depth', async () => {
        await expectRejected({ body: 'a\u0000b' }, ['body'], 'body must not contain the NUL character');
        await expectRejected({ label: '\u0000' }, ['label'], 'label must not contain the NUL character');
        await expectRejected({ detail: { title: 'x\u0000' } }, ['detail', 'title'], 'detail.title must not contain the NUL character');
      });

      it('is refused in json values and keys', async () => {
        await expectRejected({ data: 'a\u0000' }, ['data'], 'data must not contain the NUL character');
        await expectRejected({ data: { list: [1, { deep: '\u0000' }] } }, ['data'], 'data must not contain the NUL character');
        await expectRejected({ data: { 'k\u0000': 1 } }, ['data'], 'data must not contain the NUL character');
      });

      it('unpaired surrogates are refused in strings and json values (they have no UTF-8 form)', async () => {
        const message = (name: string) => `${name} must not contain an unpaired surrogate (invalid Unicode)`;
        await expectRejected({ body: 'x\ud800' }, ['body'], message('body'));
        await expectRejected({ label: 'a\udc00b' }, ['label'], message('label'));
        await expectRejected({ data: '\ud83d' }, ['data'], message('data'));
        await expectRejected({ data: { '\udc00': 1 } }, ['data'], message('data'));
        const { attributes } = await stored({ label: 'pair 🎉', data: { '🎉': '🎉' } });
        expect([attributes.label, attributes.data]).to.deep.equal(['pair 🎉', { '🎉': '🎉' }]);
      });

      it('the text \\u0000 (a backslash and five characters) is an ordinary string', async () => {
        const { attributes } = await stored({ body: '\\u0000', data: { text: '\\u0000' } });
        expect([attributes.body, attributes.data]).to.deep.equal(['\\u0000', { text: '\\u0000' }]);
      });
    });

    describe('numbers', () => {
      it('decimals are stored rounded to two places, half away from zero', async () => {
        const cases: Array<[unknown, number]> = [
          [9.989, 9.99],
          [0.001, 0],
          [-1.005, -1.01],
          [1.005, 1.01],
          [2.675, 2.68],
          [-0.004, 0],
          ['12.345', 12.35],
          [1e-7, 0],
          [99999999.994, 99999999.99],
        ];
        for (const [input, expected] of cases) {
          const { attributes, row } = await stored({ amount: input });
          expect(attributes.amount, String(input)).to.equal(expected);
          expect(Number(row.amount), String(input)).to.equal(expected);
        }
      });

      it('decimals outside decimal(10,2) are a 400', async () => {
        await expectRejected({ amount: 100000000 }, ['amount'], 'amount must be less than or equal to 99999999.99');
        await expectRejected({ amount: 99999999.995 }, ['amount'], 'amount must be less than or equal to 99999999.99');
        await expectRejected({ amount: 123456789.12 }, ['amount'], 'amount must be less than or equal to 99999999.99');
        await expectRejected({ amount: -99999999.995 }, ['amount'], 'amount must be greater than or equal to -99999999.99');
        await expectRejected({ amount: 1e21 }, ['amount'], 'amount must be less than or equal to 99999999.99');
      });

      it('integers outside 32 bits and bigintegers outside 64 bits are a 400; the bounds are stored', async () => {
        const { attributes } = await stored({ total: -2147483648, big: '9223372036854775807' });
        expect([attributes.total, attributes.big]).to.deep.equal([-2147483648, '9223372036854775807']);
        const low = await stored({ total: 2147483647, big: '-9223372036854775808' });
        expect([low.attributes.total, low.attributes.big]).to.deep.equal([2147483647, '-9223372036854775808']);
        await expectRejected({ total: 2147483648 }, ['total'], 'total must be less than or equal to 2147483647');
        await expectRejected({ big: '-9223372036854775809' }, ['big'], 'big must be greater than or equal to -9223372036854775808');
      });
    });

    describe('datetimes', () => {
      it('the DATETIME range (years 1000 to 9999) is stored; outside it is a 400', async () => {
        const { attributes } = await stored({ moment: '1000-01-01T00:00:00.000Z', stamp: '9999-12-31T23:59:59.999Z' });
        expect([attributes.moment, attributes.stamp]).to.deep.equal(['1000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']);
        const range = 'must be between 1000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z';
        await expectRejected({ moment: '0999-12-31T23:59:59.999Z' }, ['moment'], `moment ${range}`);
        await expectRejected({ stamp: 253402300800000 }, ['stamp'], `stamp ${range}`);
      });
    });

    describe('json values', () => {
      it('are stored as their JSON text, so a string that looks like JSON stays a string', async () => {
        const values: unknown[] = ['false', '42', '[1,2]', 'null', '"quoted"', '', { meta: 'false' }, false, 0, [true, null]];
        // the column's text as the database holds it (drivers may parse JSON columns themselves);
        // SQLite's json column has numeric affinity, so a JSON number is kept as a number there
        const cast = ctx.client === 'mysql' ? 'CHAR' : 'TEXT';
        for (const value of values) {
          const { attributes, row } = await stored({ data: value });
          expect(attributes.data, JSON.stringify(value)).to.deep.equal(value);
          const [{ text }] = await ctx.app
            .knex('samples')
            .where('id', row.id)
            .select(ctx.app.knex.raw(`CAST(data AS ${cast}) as text`));
          expect(JSON.parse(text), JSON.stringify(value)).to.deep.equal(value);
        }
      });

      it("nest at most 31 levels of arrays and objects (MariaDB's JSON check)", async () => {
        const nest = (levels: number) => {
          let value: unknown = [];
          for (let i = 1; i < levels; i++) value = i % 2 ? { k: value, s: '[[{{' } : [value, 1];
          return value;
        };
        const { attributes } = await stored({ data: nest(31) });
        expect(attributes.data).to.deep.equal(nest(31));
        await expectRejected({ data: nest(32) }, ['data'], 'data must not nest arrays and objects deeper than 31 levels');
      });

      it('are refused when they cannot be serialized (through the entity service)', async () => {
        const service = ctx.app.platform.service('plugin::query-engine.entity-service');
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        const before = await rowCounts(ctx.app);
        for (const data of [{ big: 1n }, cyclic]) {
          const error = await service.create('api::sample.sample', { data: { name: 'ok', data } }).then(
            () => null,
            (e: unknown) => e as { name: string; details: unknown },
          );
          expect(error?.name).to.equal('ValidationError');
          expect(error?.details).to.deep.equal({ errors: [{ path: ['data'], message: 'data must be a valid JSON value', name: 'ValidationError' }] });
        }
        expect(await rowCounts(ctx.app)).to.deep.equal(before);
      });
    });

    describe('ids', () => {
      it('an id beyond the 32-bit id column names no entry: PUT and DELETE answer 404', async () => {
        const before = await rowCounts(ctx.app);
        const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
        for (const id of ['2147483648', '99999999999']) {
          const put = await ctx.app.put(`/api/samples/${id}`, { data: { name: 'renamed' } });
          expect([put.status, put.body]).to.deep.equal([404, notFound]);
          const del = await ctx.app.del(`/api/samples/${id}`);
          expect([del.status, del.body]).to.deep.equal([404, notFound]);
        }
        expect(await rowCounts(ctx.app)).to.deep.equal(before);
      });
    });

    describe('unique checks', () => {
      it('are case- and padding-sensitive on every database', async () => {
        expect((await post({ label: 'twin' })).status).to.equal(200);
        for (const twin of ['Twin', 'TWIN', 'twin ', ' twin']) expect((await post({ label: twin })).status, JSON.stringify(twin)).to.equal(200);
        await expectRejected({ label: 'twin' }, ['label'], 'This attribute must be unique');
        await expectRejected({ label: 'Twin' }, ['label'], 'This attribute must be unique');
      });

      it('uids too', async () => {
        expect((await post({ slug: 'hello-world' })).status).to.equal(200);
        expect((await post({ slug: 'Hello-World' })).status).to.equal(200);
        await expectRejected({ slug: 'Hello-World' }, ['slug'], 'This attribute must be unique');
      });
    });
  },
  { appDir },
);

/**
 * i18n keeps shared attributes equal across localizations by copying them between rows: the
 * copy must hold what a write of the same value holds (JSON text with its quotes, booleans in
 * each database's form), so both localizations read back alike.
 */
describeEachDatabase('write limits: shared attributes copied between localizations', (ctx) => {
  const SHARED = ['views', 'rating', 'price', 'published_on', 'featured', 'meta', 'status', 'contact_email'];
  let en = 0;
  let fr = 0;

  const attributes = async (id: number) => {
    const res = await ctx.app.get(`/api/articles/${id}?publicationState=preview&locale=all`);
    expect(res.status).to.equal(200);
    const { views, rating, price, publishedOn, featured, meta, status, contactEmail } = res.body.data.attributes;
    return { views, rating, price, publishedOn, featured, meta, status, contactEmail };
  };

  /** The shared columns of a row as the database holds them, JSON as its text. */
  const sharedRow = async (id: number) => {
    const cast = ctx.client === 'mysql' ? 'CHAR' : 'TEXT';
    const row = await ctx.app
      .knex('articles')
      .where('id', id)
      .first([...SHARED.filter((c) => c !== 'meta'), ctx.app.knex.raw(`CAST(meta AS ${cast}) as meta`)]);
    return { ...row, meta: row.meta === null ? null : JSON.parse(row.meta) };
  };

  before(async () => {
    const created = await ctx.app.post('/api/articles', { data: { title: 'Shared', meta: { a: 1 }, featured: true, price: 1.5, views: 2, publishedAt: null } });
    expect(created.status).to.equal(200);
    en = created.body.data.id;
    const localization = await ctx.app.post(`/api/articles/${en}/localizations`, { locale: 'fr', title: 'Partagé' });
    expect(localization.status).to.equal(200);
    fr = localization.body.id;
  });

  const steps: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['a JSON string', { meta: 'text' }, { meta: 'text' }],
    ['JSON strings that look like other JSON, false, a rounded decimal', { meta: 'false', featured: false, price: 9.989 }, { meta: 'false', featured: false, price: 9.99 }],
    ['a JSON object holding a string, true', { meta: { x: 'false' }, featured: true, rating: 1.25, status: 'done' }, { meta: { x: 'false' }, featured: true, rating: 1.25, status: 'done' }],
    ['"42", a date, an email', { meta: '42', publishedOn: '2024-02-29', contactEmail: 'a@b.co' }, { meta: '42', publishedOn: '2024-02-29', contactEmail: 'a@b.co' }],
  ];

  for (const [title, data, expected] of steps) {
    it(`${title}: PUT on one localization answers 200 and the other reads the same`, async () => {
      for (const [from, to] of [
        [en, fr],
        [fr, en],
      ] satisfies Array<[number, number]>) {
        const res = await ctx.app.put(`/api/articles/${from}`, { data });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const target = await attributes(to);
        for (const [key, value] of Object.entries(expected)) expect(target[key as keyof typeof target], key).to.deep.equal(value);
        expect(target).to.deep.equal(await attributes(from));
        expect(await sharedRow(to)).to.deep.equal(await sharedRow(from));
      }
    });
  }

  it('uids stay unique per locale and case-sensitive', async () => {
    const first = await ctx.app.post('/api/articles', { data: { title: 'One', slug: 'hello-world', publishedAt: null } });
    expect(first.status).to.equal(200);
    const twin = await ctx.app.post('/api/articles', { data: { title: 'Two', slug: 'Hello-World', publishedAt: null } });
    expect(twin.status, JSON.stringify(twin.body)).to.equal(200);
    const n = await countRows(ctx.app.knex('articles').whereIn('slug', ['hello-world', 'Hello-World']));
    expect(n).to.equal(2);
    const again = await ctx.app.post('/api/articles', { data: { title: 'Three', slug: 'Hello-World', publishedAt: null } });
    expect(again.status).to.equal(400);
    expect(again.body.error.details).to.deep.equal({ errors: [{ path: ['slug'], message: 'This attribute must be unique', name: 'ValidationError' }] });
  });
});
