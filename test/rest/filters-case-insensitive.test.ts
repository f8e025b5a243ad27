/**
 * `$containsi`, `$startsWithi`, `$endsWithi` and `$notContainsi` fold case the same way on every
 * database, for ASCII and other text alike. On SQLite an all-ASCII value is matched by LIKE
 * itself (which folds ASCII) and only other values go through the connection's Unicode-aware
 * LOWER, a JavaScript call: the answers must be those of LOWER on every value.
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

const NAMES = ['été', 'ÉTÉ', 'ete', 'DOLOR sit', 'lorem Dolor', 'dolo', 'a_b', 'A%B', 'Straße', 'STRASSE'];

for (const client of testClients()) {
  describe(`case-insensitive text filters [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;

    before(async () => {
      app = await startApp({ client });
      for (const name of NAMES) expect((await app.post('/api/tags', { data: { name } })).status).to.equal(200);
    });
    after(async () => {
      await app?.close();
    });

    const names = async (query: string) => {
      const res = await app.get(`/api/tags?${query}&sort=id&pagination[pageSize]=100`);
      expect(res.status, res.text).to.equal(200);
      return (res.body.data as Array<{ attributes: { name: string } }>).map((t) => t.attributes.name);
    };

    it('folds ASCII case in either side', async () => {
      expect(await names('filters[name][$containsi]=DoLoR')).to.deep.equal(['DOLOR sit', 'lorem Dolor']);
      expect(await names('filters[name][$startsWithi]=dolor')).to.deep.equal(['DOLOR sit']);
      expect(await names('filters[name][$endsWithi]=DOLOR')).to.deep.equal(['lorem Dolor']);
      expect(await names('filters[name][$notContainsi]=dolo')).to.deep.equal(['été', 'ÉTÉ', 'ete', 'a_b', 'A%B', 'Straße', 'STRASSE']);
    });

    it('folds the case of letters beyond ASCII, in values and in the pattern', async () => {
      expect(await names('filters[name][$containsi]=ÉT')).to.deep.equal(['été', 'ÉTÉ']);
      expect(await names('filters[name][$endsWithi]=té')).to.deep.equal(['été', 'ÉTÉ']);
      expect(await names('filters[name][$containsi]=straß')).to.deep.equal(['Straße']);
      expect(await names('filters[name][$notContainsi]=É')).to.deep.equal(['ete', 'DOLOR sit', 'lorem Dolor', 'dolo', 'a_b', 'A%B', 'Straße', 'STRASSE']);
    });

    it('matches wildcards in the value literally', async () => {
      expect(await names('filters[name][$containsi]=A_')).to.deep.equal(['a_b']);
      expect(await names('filters[name][$containsi]=a%')).to.deep.equal(['A%B']);
    });

    if (client === 'sqlite') {
      it("answers what LOWER on every value gives, whatever the value's characters (SQLite)", async () => {
        // the Kelvin sign and the dotted capital I lower to ASCII ("k"; "i" and a combining dot),
        // a NUL ends the text LIKE sees, final sigma lowers by its place in the word
        const tricky = ['\u212Aelvin', 'KELVIN', '\u0130x', 'IX', 'ab\u0000CD', 'ΣΊΣΥΦΟΣ', 'σίσυφος', '12'];
        const first =
          Number(
            await app
              .knex('tags')
              .max({ id: 'id' })
              .first()
              .then((row) => row?.id),
          ) + 1;
        await app.knex('tags').insert(tricky.map((name, index) => ({ id: first + index, name })));
        try {
          for (const [operator, text, wrap] of [
            ['$containsi', 'k', (t: string) => `%${t}%`],
            ['$startsWithi', 'kel', (t: string) => `${t}%`],
            ['$containsi', 'i', (t: string) => `%${t}%`],
            ['$containsi', 'cd', (t: string) => `%${t}%`],
            ['$startsWithi', 'ab', (t: string) => `${t}%`],
            ['$containsi', 'ΣΊΣΥΦΟΣ', (t: string) => `%${t}%`],
            ['$endsWithi', 'ς', (t: string) => `%${t}`],
            ['$endsWithi', '2', (t: string) => `%${t}`],
          ] as const) {
            const byLower = await app
              .knex('tags')
              .whereRaw("LOWER(name) LIKE LOWER(?) ESCAPE '!'", [wrap(text)])
              .orderBy('id')
              .pluck('name');
            expect(await names(`filters[name][${operator}]=${encodeURIComponent(text)}`), `${operator} ${text}`).to.deep.equal(byLower);
          }
          expect(await names('filters[name][$containsi]=k')).to.deep.equal(['\u212Aelvin', 'KELVIN']);
        } finally {
          await app.knex('tags').where('id', '>=', first).delete();
        }
      });

      it('sends no LOWER of the pattern and checks the value for ASCII first (SQLite)', async () => {
        const { queries } = await app.countQueries(() => names('filters[name][$containsi]=DoLoR'));
        const list = queries.find((q) => /^select .* from `tags`/.test(q.sql) && /LIKE/.test(q.sql));
        expect(list?.sql).to.contain("(CASE WHEN length(`t0`.`name`) = octet_length(`t0`.`name`) THEN `t0`.`name` ELSE LOWER(`t0`.`name`) END) LIKE ? ESCAPE '!'");
        expect(list?.bindings).to.deep.include('%dolor%');
      });
    }
  });
}
