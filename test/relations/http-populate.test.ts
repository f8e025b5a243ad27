/**
 * Reading through every relation side of the fixture app over HTTP on every database:
 * populate with fields/filters/sort inside, counts, deep filtering through the relation,
 * sorting on a to-one relation's field, and a query count that does not grow with the
 * number of entries listed (no N+1).
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { createEntry } from './helpers';
import { RELATIONS_APP } from './helpers';
import { SIDES } from './sides';

describeEachDatabase(
  'relations over HTTP: reading through relations',
  (ctx) => {
    for (const side of SIDES) {
      it(`${side.title}: ${side.plural}.${side.field}`, async () => {
        const { app } = ctx;
        const t: Record<string, number> = {};
        const name = (letter: string) => `rd-${side.field}-t-${letter}`;
        for (const letter of ['w', 'x', 'y', 'z']) t[letter] = await createEntry(app, side.target.plural, { [side.target.nameField]: name(letter) });
        const prefix = `rd-${side.field}-self-`;
        const selfName = (n: number) => `${prefix}${n}`;
        const selfFilter = `filters[${side.nameField}][$startsWith]=${prefix}`;
        const listIds = async (query: string) => {
          const res = await app.get(`/api/${side.plural}?fields[0]=${side.nameField}&${selfFilter}&${query}`);
          expect(res.status, res.text).to.equal(200);
          return (res.body.data as Array<{ id: number }>).map((entry) => entry.id);
        };

        if (side.toMany) {
          const s1 = await createEntry(app, side.plural, { [side.nameField]: selfName(1), [side.field]: [t.z, t.x, t.w] });
          const s2 = await createEntry(app, side.plural, { [side.nameField]: selfName(2), [side.field]: [t.y] });
          const populated = await app.get(
            `/api/${side.plural}/${s1}?fields[0]=${side.nameField}&populate[${side.field}][fields][0]=${side.target.nameField}` +
              `&populate[${side.field}][sort][0]=${side.target.nameField}:desc&populate[${side.field}][filters][${side.target.nameField}][$ne]=${name('x')}`,
          );
          expect(populated.body).to.deep.equal({
            data: {
              id: s1,
              attributes: { [side.nameField]: selfName(1), [side.field]: { data: [t.z, t.w].map((id, i) => ({ id, attributes: { [side.target.nameField]: name(i === 0 ? 'z' : 'w') } })) } },
            },
            meta: {},
          });
          const counted = await app.get(`/api/${side.plural}/${s1}?fields[0]=${side.nameField}&populate[${side.field}][count]=true`);
          expect(counted.body.data.attributes[side.field]).to.deep.equal({ data: { attributes: { count: 3 } } });
          expect(await listIds(`filters[${side.field}][${side.target.nameField}][$eq]=${name('x')}`)).to.deep.equal([s1]);
          expect(await listIds(`filters[${side.field}][id][$in][0]=${t.y}&filters[${side.field}][id][$in][1]=${t.w}`)).to.deep.equal([s1, s2]);
        } else {
          const s1 = await createEntry(app, side.plural, { [side.nameField]: selfName(1), [side.field]: t.z });
          const s2 = await createEntry(app, side.plural, { [side.nameField]: selfName(2), [side.field]: t.x });
          const s3 = await createEntry(app, side.plural, { [side.nameField]: selfName(3), [side.field]: t.y });
          expect(await listIds(`sort=${side.field}.${side.target.nameField}:asc`)).to.deep.equal([s2, s3, s1]);
          expect(await listIds(`sort=${side.field}.${side.target.nameField}:desc`)).to.deep.equal([s1, s3, s2]);
          expect(await listIds(`filters[${side.field}][${side.target.nameField}][$eq]=${name('y')}`)).to.deep.equal([s3]);
          const populated = await app.get(`/api/${side.plural}/${s2}?fields[0]=${side.nameField}&populate[${side.field}][fields][0]=${side.target.nameField}`);
          expect(populated.body).to.deep.equal({
            data: { id: s2, attributes: { [side.nameField]: selfName(2), [side.field]: { data: { id: t.x, attributes: { [side.target.nameField]: name('x') } } } } },
            meta: {},
          });
        }

        // no N+1: listing one entry or all of this side's entries with the relation populated costs the same
        const populate = `populate[${side.field}][fields][0]=${side.target.nameField}`;
        const one = await app.countQueries(() => app.get(`/api/${side.plural}?${selfFilter}1&${populate}`));
        const all = await app.countQueries(() => app.get(`/api/${side.plural}?${selfFilter}&${populate}`));
        expect(all.result.status).to.equal(200);
        expect(all.count).to.equal(one.count);
      });
    }
  },
  { appDir: RELATIONS_APP },
);
