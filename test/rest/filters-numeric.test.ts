/**
 * Numeric filters whose value does not fit the column's type still compare exactly, the same
 * on every database, never a 500: a fraction or a value beyond 32 bits against an integer
 * column (PostgreSQL would otherwise type the parameter as the column's integer and fail).
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { ids, seedReadData } from './read-fixtures';

// views of articles 1..5: 10, 20, null, 5, 0 (the draft, 30 views, is hidden)
const CASES: Array<[string, number[]]> = [
  ['filters[views][$gt]=2.5', [1, 2, 4]],
  ['filters[views][$lte]=5.0001', [4, 5]],
  ['filters[views][$eq]=2.5', []],
  ['filters[views][$ne]=2.5', [1, 2, 4, 5]],
  ['filters[views][$notIn][0]=2.5', [1, 2, 4, 5]],
  ['filters[views][$in][0]=5&filters[views][$in][1]=9999999999', [4]],
  ['filters[views][$in][0]=0.5&filters[views][$in][1]=20', [2]],
  ['filters[views][$between][0]=4.5&filters[views][$between][1]=10.5', [1, 4]],
  ['filters[views][$lt]=-3000000000', []],
  ['filters[views][$gt]=-3000000000', [1, 2, 4, 5]],
  ['filters[id][$lt]=3000000000', [1, 2, 3, 4, 5]],
  ['filters[id][$eq]=3000000000', []],
  ['filters[$and][0][views][$gt][0]=-1&filters[$and][0][views][$gt][1]=2.5', [1, 2, 4, 5]],
  ['filters[category][id][$lt]=3000000000', [1, 2, 4, 5]],
];

describeEachDatabase('REST numeric filters beyond the column type', (ctx) => {
  before(async () => {
    await seedReadData(ctx.app);
  });

  for (const [query, expected] of CASES) {
    it(`${query} → [${expected.join(',')}]`, async () => {
      const res = await ctx.app.get(`/api/articles?fields[0]=views&${query}`);
      expect(res.status, res.text).to.equal(200);
      expect(ids(res.body)).to.deep.equal(expected);
    });
  }

  it('inside a populate too', async () => {
    const res = await ctx.app.get('/api/categories/1?fields[0]=name&populate[articles][fields][0]=views&populate[articles][filters][views][$gt]=2.5');
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.attributes.articles.data).to.deep.equal([{ id: 1, attributes: { views: 10 } }]);
  });
});
