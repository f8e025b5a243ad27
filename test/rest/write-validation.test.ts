/**
 * Write validation, black-box over HTTP on every database: each attribute type's checks and
 * coercions with the exact 400 envelope (and nothing written), defaults, unique, keys that
 * are not writable, partial updates, and the looser rules for drafts.
 */
import path from 'node:path';
import { expect } from 'chai';
import fc from 'fast-check';
import { describeEachDatabase, type TestApp } from '../helpers/app';
import { countRows } from '../helpers/count';

const appDir = path.join(__dirname, '..', 'fixtures', 'write-types-app');

type Issue = { path: string[]; message: string };

function validationError(message: string, errors?: Issue[]) {
  return {
    data: null,
    error: { status: 400, name: 'ValidationError', message, details: errors ? { errors: errors.map((e) => ({ ...e, name: 'ValidationError' })) } : {} },
  };
}

/** One issue: Strapi's message is the issue's own. */
const single = (pathParts: string[], message: string) => validationError(message, [{ path: pathParts, message }]);

async function counts(app: TestApp): Promise<Record<string, number>> {
  const tables = ['samples', 'samples_components', 'components_parts_details', 'components_parts_notes', 'components_parts_details_components'];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const n = await countRows(app.knex(table));
    out[table] = n;
  }
  return out;
}

const asDate = (value: unknown) => new Date(value as string | number | Date).toISOString();
const asJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

describeEachDatabase(
  'write validation',
  (ctx) => {
    const post = (data: unknown) => ctx.app.post('/api/samples', { data });

    async function expectRejected(data: unknown, expected: unknown) {
      const before = await counts(ctx.app);
      const res = await post(data);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body).to.deep.equal(expected);
      expect(await counts(ctx.app)).to.deep.equal(before);
    }

    describe('a valid entry with every attribute type', () => {
      it("is stored in each type's representation and answered in the API's", async () => {
        const res = await post({
          name: 'Full',
          code: 'ABC',
          body: 'text',
          rich: '# r',
          email: 'a@b.co',
          secret: 'pw',
          slug: 'full-1',
          kind: 'large',
          day: '2024-02-29',
          clock: '10:20',
          moment: '2024-01-02T03:04:05.678Z',
          stamp: 1700000000000,
          count: 5,
          total: -3,
          big: '9007199254740991',
          ratio: 0.5,
          amount: 12.34,
          active: false,
          data: [1, { a: null }],
          label: 'L1',
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const { createdAt, updatedAt } = res.body.data.attributes;
        expect(createdAt).to.equal(updatedAt);
        expect(Date.now() - Date.parse(createdAt)).to.be.within(0, 60000);
        expect(res.body).to.deep.equal({
          data: {
            id: res.body.data.id,
            attributes: {
              name: 'Full',
              code: 'ABC',
              body: 'text',
              rich: '# r',
              email: 'a@b.co',
              slug: 'full-1',
              kind: 'large',
              day: '2024-02-29',
              clock: '10:20:00.000',
              moment: '2024-01-02T03:04:05.678Z',
              stamp: '2023-11-14T22:13:20.000Z',
              count: 5,
              total: -3,
              big: '9007199254740991',
              ratio: 0.5,
              amount: 12.34,
              active: false,
              data: [1, { a: null }],
              label: 'L1',
              locked: null,
              createdAt,
              updatedAt,
            },
          },
          meta: {},
        });
        const row = await ctx.app.knex('samples').where('id', res.body.data.id).first();
        expect(row.secret).to.equal('pw');
        expect(row.day).to.equal('2024-02-29');
        expect(String(row.clock)).to.match(/^10:20:00(\.000)?$/);
        expect(asDate(row.moment)).to.equal('2024-01-02T03:04:05.678Z');
        expect(asDate(row.created_at)).to.equal(createdAt);
        // Strapi v4 databases hold datetimes as epoch milliseconds on SQLite
        if (ctx.client === 'sqlite') expect(row.moment).to.equal(1704164645678);
        expect(String(row.big)).to.equal('9007199254740991');
        expect(Number(row.amount)).to.equal(12.34);
        expect(Boolean(row.active)).to.equal(false);
        expect(asJson(row.data)).to.deep.equal([1, { a: null }]);
      });

      it('coerces numeric and boolean strings, cuts a datetime sent to a date, reads offsets', async () => {
        const res = await post({
          name: 12,
          count: '7',
          ratio: '0.25',
          amount: '3.5',
          active: 'false',
          big: 42,
          day: '2024-03-01T23:30:00Z',
          clock: '08:09:10.5',
          moment: '2024-01-02T05:04:05+02:00',
          stamp: '1700000000000',
          data: 'just a string',
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const a = res.body.data.attributes;
        expect([a.name, a.count, a.ratio, a.amount, a.active, a.big, a.day, a.clock, a.moment, a.stamp, a.data]).to.deep.equal([
          '12',
          7,
          0.25,
          3.5,
          false,
          '42',
          '2024-03-01',
          '08:09:10.500',
          '2024-01-02T03:04:05.000Z',
          '2023-11-14T22:13:20.000Z',
          'just a string',
        ]);
        const again = await post({ name: 'bools', active: '1', data: 5 });
        expect([again.body.data.attributes.active, again.body.data.attributes.data]).to.deep.equal([true, 5]);
      });

      it('applies defaults on create only when the key is absent', async () => {
        const res = await post({ name: 'dflt' });
        expect([res.body.data.attributes.kind, res.body.data.attributes.active]).to.deep.equal(['small', true]);
        const explicit = await post({ name: 'nulls', kind: null, active: null });
        expect([explicit.body.data.attributes.kind, explicit.body.data.attributes.active]).to.deep.equal([null, null]);
        const row = await ctx.app.knex('samples').where('id', res.body.data.id).first();
        expect([row.kind, Boolean(row.active)]).to.deep.equal(['small', true]);
      });

      it('lets an empty string through a required attribute and an optional regex', async () => {
        const res = await post({ name: 'empty', code: '', detail: { title: '' } });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body.data.attributes.code).to.equal('');
      });
    });

    describe('every type rejects what it cannot hold, and nothing is written', () => {
      const cases: Array<[string, Record<string, unknown>, string[], string]> = [
        ['required missing', {}, ['name'], 'name must be defined.'],
        ['required null', { name: null }, ['name'], 'name must be a `string` type, but the final value was: `null`.'],
        ['minLength', { name: 'a' }, ['name'], 'name must be at least 2 characters'],
        ['maxLength', { name: 'abcdefghijk' }, ['name'], 'name must be at most 10 characters'],
        ['string given an object', { name: { a: 1 } }, ['name'], 'name must be a `string` type, but the final value was: `{"a":1}`.'],
        ['regex', { name: 'ok', code: 'abc' }, ['code'], 'code must match the following: "/^[A-Z]+$/"'],
        ['email', { name: 'ok', email: 'nope' }, ['email'], 'email must be a valid email'],
        ['uid format', { name: 'ok', slug: 'a b' }, ['slug'], 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"'],
        ['enumeration', { name: 'ok', kind: 'medium' }, ['kind'], 'kind must be one of the following values: small, large, '],
        ['integer min', { name: 'ok', count: -1 }, ['count'], 'count must be greater than or equal to 0'],
        ['integer max', { name: 'ok', count: 101 }, ['count'], 'count must be less than or equal to 100'],
        ['integer fraction', { name: 'ok', count: 1.5 }, ['count'], 'count must be an integer'],
        ['integer text', { name: 'ok', count: 'abc' }, ['count'], 'count must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).'],
        ['integer array', { name: 'ok', count: [1] }, ['count'], 'count must be a `number` type, but the final value was: `NaN` (cast from the value `[1]`).'],
        ['integer above 32 bits', { name: 'ok', total: 2147483648 }, ['total'], 'total must be less than or equal to 2147483647'],
        ['integer below 32 bits', { name: 'ok', total: -2147483649 }, ['total'], 'total must be greater than or equal to -2147483648'],
        ['float Infinity', { name: 'ok', ratio: 'Infinity' }, ['ratio'], 'ratio must be a `number` type, but the final value was: `Infinity` (cast from the value `"Infinity"`).'],
        ['float max', { name: 'ok', ratio: 2 }, ['ratio'], 'ratio must be less than or equal to 1'],
        ['decimal boolean', { name: 'ok', amount: true }, ['amount'], 'amount must be a `number` type, but the final value was: `NaN` (cast from the value `true`).'],
        ['biginteger fraction', { name: 'ok', big: '12.5' }, ['big'], 'big must be a `biginteger` type, but the final value was: `"12.5"`.'],
        ['biginteger above 64 bits', { name: 'ok', big: '9223372036854775808' }, ['big'], 'big must be less than or equal to 9223372036854775807'],
        ['biginteger unsafe number', { name: 'ok', big: 2 ** 60 }, ['big'], 'big must be a `biginteger` type, but the final value was: `1152921504606847000`.'],
        ['boolean', { name: 'ok', active: 'yes' }, ['active'], 'active must be a `boolean` type, but the final value was: `"yes"`.'],
        ['component not an object', { name: 'ok', detail: 'x' }, ['detail'], 'detail must be a `object` type, but the final value was: `"x"`.'],
        ['repeatable not an array', { name: 'ok', notes: { text: 'a' } }, ['notes'], 'notes must be a `array` type, but the final value was: `{"text":"a"}`.'],
        ['repeatable max', { name: 'ok', notes: [{}, {}, {}, {}] }, ['notes'], 'notes field must have less than or equal to 3 items'],
        ['component field', { name: 'ok', detail: { title: 'abcdefghijklmnopqrstuvwxyz' } }, ['detail', 'title'], 'detail.title must be at most 20 characters'],
        [
          'nested repeatable item',
          { name: 'ok', detail: { title: 't', notes: [{ text: 'a' }, 'b'] } },
          ['detail', 'notes', '1'],
          'detail.notes[1] must be a `object` type, but the final value was: `"b"`.',
        ],
        ['dynamic-zone item field', { name: 'ok', blocks: [{ __component: 'parts.note' }, { __component: 'parts.detail', size: 1 }] }, ['blocks', '1', 'title'], 'blocks[1].title must be defined.'],
        ['dynamic-zone item not an object', { name: 'ok', blocks: ['x'] }, ['blocks', '0'], 'blocks[0] must be a `object` type, but the final value was: `"x"`.'],
        [
          'dynamic zone above 1000 items',
          { name: 'ok', blocks: Array.from({ length: 1001 }, () => ({ __component: 'parts.note' })) },
          ['blocks'],
          'blocks field must have less than or equal to 1000 items',
        ],
      ];
      for (const [title, data, issuePath, message] of cases) {
        it(`${title}: 400 "${message}"`, async () => {
          await expectRejected(data, single(issuePath, message));
        });
      }

      it("an invalid date, time or datetime is the database layer's error, with empty details", async () => {
        await expectRejected({ name: 'ok', day: '2024-02-30' }, validationError('Invalid format, expected yyyy-MM-dd'));
        await expectRejected({ name: 'ok', day: 'tomorrow' }, validationError('Invalid format, expected yyyy-MM-dd'));
        await expectRejected({ name: 'ok', clock: '25:00' }, validationError('Invalid format, expected HH:mm:ss.SSS'));
        await expectRejected({ name: 'ok', moment: 'yesterday' }, validationError('Invalid format, expected a timestamp or an ISO date'));
        await expectRejected({ name: 'ok', stamp: { at: 1 } }, validationError('Invalid format, expected a timestamp or an ISO date'));
      });

      it('reports every issue at once', async () => {
        await expectRejected(
          { name: null, count: -1, detail: { size: 0 } },
          validationError('4 errors occurred', [
            { path: ['name'], message: 'name must be a `string` type, but the final value was: `null`.' },
            { path: ['count'], message: 'count must be greater than or equal to 0' },
            { path: ['detail', 'title'], message: 'detail.title must be defined.' },
            { path: ['detail', 'size'], message: 'detail.size must be greater than or equal to 1' },
          ]),
        );
      });

      it("a dynamic-zone item of an unknown component lists the app's components and fails the relation check", async () => {
        await expectRejected(
          { name: 'ok', blocks: [{ __component: 'parts.nope' }] },
          validationError('2 errors occurred', [
            { path: ['blocks', '0', '__component'], message: 'blocks[0].__component must be one of the following values: parts.detail, parts.note' },
            { path: [], message: 'Invalid relations' },
          ]),
        );
        await expectRejected(
          { name: 'ok', blocks: [{ text: 'x' }] },
          validationError('2 errors occurred', [
            { path: ['blocks', '0', '__component'], message: 'blocks[0].__component is a required field' },
            { path: [], message: 'Invalid relations' },
          ]),
        );
      });

      it('a body whose data is not an object is a 400', async () => {
        const before = await counts(ctx.app);
        for (const data of [[], 'text', 5]) {
          const res = await post(data);
          expect(res.status).to.equal(400);
          expect(res.body.error.name).to.equal('ValidationError');
        }
        expect(await counts(ctx.app)).to.deep.equal(before);
      });
    });

    describe('arbitrary bodies', () => {
      it('never answer anything but 200 or a 400 envelope', async () => {
        const attributes = [
          'name',
          'code',
          'email',
          'slug',
          'kind',
          'day',
          'clock',
          'moment',
          'stamp',
          'count',
          'total',
          'big',
          'ratio',
          'amount',
          'active',
          'data',
          'label',
          'detail',
          'notes',
          'blocks',
          'id',
          'createdAt',
          '__component',
        ];
        const value = fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.constantFrom('2024-01-01', '10:00', '2024-01-01T00:00:00Z', 'Infinity', '1e400', '-0', '9999999999999999999999', 'parts.note'),
          fc.array(fc.record({ __component: fc.constantFrom('parts.note', 'parts.detail', 'nope'), title: fc.string(), id: fc.integer() }), { maxLength: 3 }),
        );
        const bodies = fc.sample(fc.dictionary(fc.constantFrom(...attributes), value, { maxKeys: 6 }), { numRuns: 80, seed: 42 });
        for (const data of bodies) {
          const res = await post({ name: 'fuzz', ...data });
          expect([200, 400], JSON.stringify({ data, body: res.body })).to.include(res.status);
          if (res.status === 400) expect(res.body.error.name, JSON.stringify(res.body)).to.equal('ValidationError');
        }
      });
    });

    describe('unique attributes and uids', () => {
      it("rejects a taken value, case-sensitively, on create and on another entry's update", async () => {
        const first = await post({ name: 'u1', label: 'Same', slug: 'same-slug' });
        expect(first.status).to.equal(200);
        await expectRejected({ name: 'u2', label: 'Same' }, single(['label'], 'This attribute must be unique'));
        await expectRejected({ name: 'u2', slug: 'same-slug' }, single(['slug'], 'This attribute must be unique'));
        const other = await post({ name: 'u2', label: 'same' });
        expect(other.status, JSON.stringify(other.body)).to.equal(200);
        const own = await ctx.app.put(`/api/samples/${first.body.data.id}`, { data: { label: 'Same', slug: 'same-slug' } });
        expect(own.status, JSON.stringify(own.body)).to.equal(200);
        const taken = await ctx.app.put(`/api/samples/${other.body.data.id}`, { data: { label: 'Same' } });
        expect(taken.status).to.equal(400);
        expect(taken.body).to.deep.equal(single(['label'], 'This attribute must be unique'));
        const row = await ctx.app.knex('samples').where('id', other.body.data.id).first();
        expect(row.label).to.equal('same');
      });

      it('two concurrent creates of the same uid: one wins, the other is a 400 (the index backs the check)', async () => {
        const [a, b] = await Promise.all([post({ name: 'race a', slug: 'race' }), post({ name: 'race b', slug: 'race' })]);
        expect([a.status, b.status].sort()).to.deep.equal([200, 400]);
        const loser = a.status === 400 ? a : b;
        expect(loser.body).to.deep.equal(single(['slug'], 'This attribute must be unique'));
        const stored = await ctx.app.knex('samples').where('slug', 'race');
        expect(stored.length).to.equal(1);
      });

      it("uids differing in case only are distinct on every database (MariaDB's index is binary-collated too)", async () => {
        expect((await post({ name: 'case', slug: 'Case-Slug' })).status).to.equal(200);
        const res = await post({ name: 'case2', slug: 'case-slug' });
        expect(res.status).to.equal(200);
        expect(res.body.data.attributes.slug).to.equal('case-slug');
      });

      it('does not invent a uid on create', async () => {
        const res = await post({ name: 'no slug' });
        expect(res.body.data.attributes.slug).to.equal(null);
      });
    });

    describe('keys that are not writable attributes', () => {
      it('are dropped: id, timestamps, creator fields, writable: false, unknown keys', async () => {
        const res = await post({
          name: 'keys',
          id: 999,
          createdAt: '2000-01-01T00:00:00.000Z',
          updatedAt: '2000-01-01T00:00:00.000Z',
          createdBy: 1,
          updatedBy: 1,
          locked: 'x',
          unknown: 1,
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const a = res.body.data.attributes;
        expect(res.body.data.id).to.not.equal(999);
        expect([a.name, a.locked, a.unknown, a.createdAt.startsWith('2000'), a.updatedAt.startsWith('2000')]).to.deep.equal(['keys', null, undefined, false, false]);
        const row = await ctx.app.knex('samples').where('id', res.body.data.id).first();
        expect([row.name, row.locked, row.created_by_id, row.updated_by_id]).to.deep.equal(['keys', null, null, null]);
        expect(await ctx.app.knex('samples').where('id', 999).first()).to.equal(undefined);
      });

      it('a `__proto__` key is refused by the body parser over HTTP and dropped by the entity service', async () => {
        const raw = '{"data":{"name":"proto","__proto__":{"name":"evil","polluted":true}}}';
        const res = await ctx.app.post('/api/samples', raw);
        expect(res.status).to.equal(400);
        const service = ctx.app.platform.service('plugin::query-engine.entity-service');
        const created = await service.create('api::sample.sample', { data: JSON.parse(raw).data });
        expect([created.name, created.polluted]).to.deep.equal(['proto', undefined]);
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      });
    });

    describe('updates', () => {
      it('are partial: absent keys keep their value, null clears, updatedAt moves', async () => {
        const created = await post({ name: 'partial', code: 'X', count: 1, detail: { title: 'keep' } });
        const id = created.body.data.id;
        await new Promise((r) => setTimeout(r, 5));
        const res = await ctx.app.put(`/api/samples/${id}?populate=detail`, { data: { count: 9, code: null } });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const a = res.body.data.attributes;
        expect([a.name, a.code, a.count, a.kind, a.detail.title]).to.deep.equal(['partial', null, 9, 'small', 'keep']);
        expect(a.createdAt).to.equal(created.body.data.attributes.createdAt);
        expect(Date.parse(a.updatedAt)).to.be.greaterThan(Date.parse(a.createdAt));
        const row = await ctx.app.knex('samples').where('id', id).first();
        expect([row.name, row.code, row.count]).to.deep.equal(['partial', null, 9]);
      });

      it('validate what they send: a required attribute cannot become null', async () => {
        const created = await post({ name: 'stay' });
        const res = await ctx.app.put(`/api/samples/${created.body.data.id}`, { data: { name: null, count: 'x' } });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(
          validationError('2 errors occurred', [
            { path: ['name'], message: 'name must be a `string` type, but the final value was: `null`.' },
            { path: ['count'], message: 'count must be a `number` type, but the final value was: `NaN` (cast from the value `"x"`).' },
          ]),
        );
        const row = await ctx.app.knex('samples').where('id', created.body.data.id).first();
        expect([row.name, row.count]).to.deep.equal(['stay', null]);
      });

      it('of a missing id answer 404', async () => {
        const res = await ctx.app.put('/api/samples/99999', { data: { name: 'gone' } });
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
      });
    });

    describe('drafts (draft & publish types)', () => {
      it('skip required and minLength, as in Strapi v4; published entries do not', async () => {
        const draft = await ctx.app.post('/api/draft-docs', { data: { publishedAt: null } });
        expect(draft.status, JSON.stringify(draft.body)).to.equal(200);
        expect([draft.body.data.attributes.title, draft.body.data.attributes.publishedAt]).to.deep.equal([null, null]);
        const short = await ctx.app.post('/api/draft-docs', { data: { title: 'ab', publishedAt: null } });
        expect(short.status).to.equal(200);
        const before = await countRows(ctx.app.knex('draft_docs'));
        const published = await ctx.app.post('/api/draft-docs', { data: { title: 'ab' } });
        expect(published.body).to.deep.equal(
          validationError('2 errors occurred', [
            { path: ['title'], message: 'title must be at least 3 characters' },
            { path: ['detail'], message: 'detail must be defined.' },
          ]),
        );
        const after = await countRows(ctx.app.knex('draft_docs'));
        expect(after).to.equal(before);
      });
    });
  },
  { appDir },
);
