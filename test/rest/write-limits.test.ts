/**
 * The limits of the columns of Strapi v4's layout, the same on every database: a value that a
 * column cannot hold is a 400 with nothing written (never a 500 on MariaDB or PostgreSQL, never
 * silently kept on SQLite), decimals are stored rounded to two places everywhere, JSON values
 * are stored as their JSON text (a string stays a string), unique checks are case-sensitive.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase, type TestApp } from '../helpers/app';

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
    const [{ n }] = await app.knex(table).count({ n: '*' });
    out.push(Number(n));
  }
  return out;
}

describeEachDatabase('write limits of the columns', (ctx) => {
  const post = (data: Record<string, unknown>) => ctx.app.post('/api/samples', { data: { name: 'ok', ...data } });

  async function expectRejected(data: Record<string, unknown>, pathParts: string[], message: string) {
    const before = await rowCounts(ctx.app);
    const res = await post(data);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(400);
    expect(res.body).to.deep.equal(rejected(pathParts, message));
    expect(await rowCounts(ctx.app)).to.deep.equal(before);
  }

  async function stored(data: Record<string, unknown>): Promise<{ attributes: Record<string, any>; row: Record<string, any> }> {
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
    it('is refused in every string attribute, at any depth', async () => {
      await expectRejected({ body: 'a\u0000b' }, ['body'], 'body must not contain the NUL character');
      await expectRejected({ label: '\u0000' }, ['label'], 'label must not contain the NUL character');
      await expectRejected({ detail: { title: 'x\u0000' } }, ['detail', 'title'], 'detail.title must not contain the NUL character');
    });

    it('is refused in json values and keys', async () => {
      await expectRejected({ data: 'a\u0000' }, ['data'], 'data must not contain the NUL character');
      await expectRejected({ data: { list: [1, { deep: '\u0000' }] } }, ['data'], 'data must not contain the NUL character');
      await expectRejected({ data: { 'k\u0000': 1 } }, ['data'], 'data must not contain the NUL character');
    });

    it('the text \\u0000 (a backslash and five characters) is an ordinary string', async () => {
      const { attributes } = await stored({ body: '\\u0000', data: { text: '\\u0000' } });
      expect([attributes.body, attributes.data]).to.deep.equal(['\\u0000', { text: '\\u0000' }]);
    });
  });

  describe('numbers', () => {
    it('decimals are stored rounded to two places, half away from zero', async () => {
      const cases: Array<[unknown, number]> = [[9.989, 9.99], [0.001, 0], [-1.005, -1.01], [1.005, 1.01], [2.675, 2.68], [-0.004, 0], ['12.345', 12.35], [1e-7, 0], [99999999.994, 99999999.99]];
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
      for (const value of values) {
        const { attributes, row } = await stored({ data: value });
        expect(attributes.data, JSON.stringify(value)).to.deep.equal(value);
        expect(row.data, JSON.stringify(value)).to.equal(JSON.stringify(value));
      }
    });

    it('are refused when they cannot be serialized (through the entity service)', async () => {
      const service = ctx.app.platform.service('plugin::query-engine.entity-service');
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const before = await rowCounts(ctx.app);
      for (const data of [{ big: 1n }, cyclic]) {
        const error = await service.create('api::sample.sample', { data: { name: 'ok', data } }).then(() => null, (e: unknown) => e as { name: string; details: unknown });
        expect(error?.name).to.equal('ValidationError');
        expect(error?.details).to.deep.equal({ errors: [{ path: ['data'], message: 'data must be a valid JSON value', name: 'ValidationError' }] });
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
}, { appDir });
