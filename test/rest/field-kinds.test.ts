/**
 * Attribute types as an extension point, black-box: a schema that uses a type no enabled
 * plugin provides stops start-up with a named error, and a third type (the test's `pick`,
 * a list of another content-type's entries) is validated, written, populated, filtered and
 * deleted through the same seams as the upload plugin's `media`.
 */
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { describeEachDatabase, startApp } from '../helpers/app';
import { pickPlugin } from '../fixtures/field-kinds-app/pick-plugin';

const APP = path.resolve(__dirname, '..', 'fixtures', 'field-kinds-app');
const NOTE_SCHEMA = path.join(APP, 'api', 'note', 'content-types', 'note', 'schema.json');

async function bootFailure(options: Parameters<typeof startApp>[0]): Promise<BootError> {
  try {
    const app = await startApp(options);
    await app.close();
  } catch (error) {
    expect(error).to.be.instanceOf(BootError);
    return error as BootError;
  }
  throw new Error('expected start-up to fail');
}

describe('attribute types no enabled plugin provides', function () {
  this.timeout(30000);

  it('a media attribute with the upload plugin disabled stops start-up, naming file, attribute and type', async () => {
    const error = await bootFailure({ appDir: APP, plugins: [pickPlugin()], config: { plugins: { upload: false } } });
    expect({ code: error.code, message: error.message }).to.deep.equal({
      code: 'SCHEMA_INVALID',
      message: `${NOTE_SCHEMA}: attribute "cover" has type "media", which no enabled plugin provides`,
    });
  });

  it('an attribute type without a query-engine field kind stops start-up too', async () => {
    const error = await bootFailure({ appDir: APP, plugins: [pickPlugin({ withKind: false })] });
    expect({ code: error.code, message: error.message }).to.deep.equal({
      code: 'query-engine.FIELD_KIND_MISSING',
      message: `${NOTE_SCHEMA}: attribute "labels" has type "pick", for which no plugin registered a query-engine field kind`,
    });
  });
});

describeEachDatabase(
  'a third field kind through the query engine',
  (ctx) => {
    const ids: Record<string, number> = {};
    const picks = async () =>
      (await ctx.app.knex('picks').select('owner_id', 'pick_id', 'position').orderBy('owner_id').orderBy('position')).map((row) => [Number(row.owner_id), Number(row.pick_id), Number(row.position)]);

    before(async () => {
      for (const name of ['a', 'b', 'c']) {
        const res = await ctx.app.post('/api/labels', { data: { name } });
        ids[name] = res.body.data.id;
      }
    });

    it('writes the values in order and populates them like a relation (one query for the level)', async () => {
      const created = await ctx.app.post('/api/notes?populate[labels][fields][0]=name', { data: { title: 'one', labels: [ids.c, ids.a] } });
      expect(created.status, created.text).to.equal(200);
      ids.one = created.body.data.id;
      expect(created.body.data.attributes.labels).to.deep.equal({
        data: [
          { id: ids.c, attributes: { name: 'c' } },
          { id: ids.a, attributes: { name: 'a' } },
        ],
      });
      expect(await picks()).to.deep.equal([
        [ids.one, ids.c, 1],
        [ids.one, ids.a, 2],
      ]);

      const { result, queries } = await ctx.app.countQueries(() => ctx.app.get('/api/notes?fields[0]=title&populate[labels][fields][0]=name'));
      expect(result.body.data).to.deep.equal([
        {
          id: ids.one,
          attributes: {
            title: 'one',
            labels: {
              data: [
                { id: ids.c, attributes: { name: 'c' } },
                { id: ids.a, attributes: { name: 'a' } },
              ],
            },
          },
        },
      ]);
      expect(queries.filter((q) => /`picks`|"picks"/.test(q.sql))).to.have.length(1);
    });

    it("filters and sorts through the kind's link", async () => {
      const two = await ctx.app.post('/api/notes', { data: { title: 'two', labels: [ids.b] } });
      ids.two = two.body.data.id;
      const byLabel = await ctx.app.get('/api/notes?fields[0]=title&filters[labels][name][$eq]=b');
      expect(byLabel.body.data).to.deep.equal([{ id: ids.two, attributes: { title: 'two' } }]);
      const without = await ctx.app.get('/api/notes?fields[0]=title&filters[labels][$null]=true');
      expect(without.body.data).to.deep.equal([]);
      const sorted = await ctx.app.get('/api/notes?fields[0]=title&sort=labels.name:asc');
      expect(sorted.body.data.map((entry: { id: number }) => entry.id)).to.deep.equal([ids.one, ids.two]);
    });

    it("answers the kind's validation issues with the Strapi envelope and writes nothing", async () => {
      const before = await picks();
      const malformed = await ctx.app.put(`/api/notes/${ids.one}`, { data: { title: 'changed', labels: 'a' } });
      expect({ status: malformed.status, error: malformed.body.error }).to.deep.equal({
        status: 400,
        error: {
          status: 400,
          name: 'ValidationError',
          message: '"labels" takes a list of ids',
          details: { errors: [{ path: ['labels'], message: '"labels" takes a list of ids', name: 'ValidationError' }] },
        },
      });
      const missing = await ctx.app.put(`/api/notes/${ids.one}`, { data: { title: 'changed', labels: [ids.a, 99999] } });
      expect(missing.status).to.equal(400);
      expect(missing.body.error.message).to.equal('1 pick(s) of "labels" do not exist');
      expect(await picks()).to.deep.equal(before);
      expect((await ctx.app.get(`/api/notes/${ids.one}?fields[0]=title`)).body.data.attributes.title).to.equal('one');
    });

    it('removes the stored values of a deleted entry', async () => {
      const res = await ctx.app.del(`/api/notes/${ids.one}`);
      expect(res.status).to.equal(200);
      expect((await picks()).map(([owner]) => owner)).to.deep.equal([ids.two]);
    });
  },
  { appDir: APP, plugins: [pickPlugin()] },
);
