/**
 * biginteger values above 2^53 come back digit for digit on every database: as a string, on
 * a read by id, in a list, in a populated component and after a filter on the exact value.
 */
import path from 'node:path';
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';

const appDir = path.join(__dirname, '..', 'fixtures', 'write-types-app');
const BIG = '9007199254740993';
const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';

describeEachDatabase(
  'biginteger precision on read',
  (ctx) => {
    let ids: number[] = [];
    let again = 0;
    const inIds = () => ids.map((id, i) => `filters[id][$in][${i}]=${id}`).join('&');
    before(async () => {
      ids = [];
      for (const big of [BIG, MAX, MIN, '12']) {
        const res = await ctx.app.post('/api/samples?fields[0]=big', { data: { name: `n${ids.length}`, big } });
        expect(res.status, res.text).to.equal(200);
        ids.push(res.body.data.id);
      }
    });

    it('the write answers the exact digits', async () => {
      const res = await ctx.app.post('/api/samples?fields[0]=big', { data: { name: 'again', big: BIG } });
      expect(res.body.data.attributes).to.deep.equal({ big: BIG });
      again = res.body.data.id;
    });

    it('a read by id answers the exact digits', async () => {
      const res = await ctx.app.get(`/api/samples/${ids[0]}?fields[0]=name&fields[1]=big`);
      expect(res.status).to.equal(200);
      expect(res.text).to.equal(`{"data":{"id":${ids[0]},"attributes":{"name":"n0","big":"${BIG}"}},"meta":{}}`);
    });

    it('a list answers the exact digits, extremes included', async () => {
      const res = await ctx.app.get(`/api/samples?fields[0]=big&${inIds()}&sort=id`);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.map((e: { attributes: { big: string } }) => e.attributes.big)).to.deep.equal([BIG, MAX, MIN, '12']);
    });

    it('the full default field set carries it too', async () => {
      const res = await ctx.app.get(`/api/samples/${ids[1]}`);
      expect(res.body.data.attributes.big).to.equal(MAX);
    });

    it('filters and sorts on the exact value', async () => {
      const eq = await ctx.app.get(`/api/samples?fields[0]=big&filters[big][$eq]=${BIG}`);
      expect(eq.status, eq.text).to.equal(200);
      expect(eq.body.data).to.deep.equal([
        { id: ids[0], attributes: { big: BIG } },
        { id: again, attributes: { big: BIG } },
      ]);
      const sorted = await ctx.app.get(`/api/samples?fields[0]=big&${inIds()}&sort=big:desc`);
      expect(sorted.body.data.map((e: { attributes: { big: string } }) => e.attributes.big)).to.deep.equal([MAX, BIG, '12', MIN]);
    });

    it('stores the exact value in the database', async () => {
      const rows = await ctx.app.knex('samples').whereIn('id', ids.slice(0, 3)).orderBy('id').select(ctx.app.knex.raw('CAST(big AS CHAR(30)) as big'));
      expect(rows.map((r: { big: string }) => String(r.big).trim())).to.deep.equal([BIG, MAX, MIN]);
    });
  },
  { appDir },
);
