/**
 * A database Strapi made on MariaDB has case- and accent-insensitive (`utf8mb4_unicode_ci`)
 * text columns. Text filters must still mean what they mean on SQLite and PostgreSQL there.
 */
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

if (testClients().includes('mysql')) {
  describe('text filters on a MariaDB column with a case-insensitive collation', function () {
    this.timeout(60000);
    let app: TestApp;

    before(async () => {
      app = await startApp({ client: 'mysql' });
      await app.knex.raw('ALTER TABLE `tags` MODIFY `name` varchar(255) COLLATE utf8mb4_unicode_ci NULL');
      for (const name of ['été', 'ÉTÉ', 'ete', 'News', 'news  ']) {
        expect((await app.post('/api/tags', { data: { name } })).status).to.equal(200);
      }
    });

    after(async () => {
      await app?.close();
    });

    const names = async (query: string) => ((await app.get(`/api/tags?${query}&sort=id`)).body.data as Array<{ attributes: { name: string } }>).map((t) => t.attributes.name);

    it('the column really is case- and accent-insensitive', async () => {
      const [rows] = await app.knex.raw("SELECT COUNT(*) AS n FROM `tags` WHERE `name` = 'ETE'");
      expect(Number((rows as Array<{ n: number }>)[0]?.n)).to.equal(3);
    });

    it('$eq, $contains and $startsWith stay case- and accent-sensitive', async () => {
      expect(await names('filters[name][$eq]=ete')).to.deep.equal(['ete']);
      expect(await names('filters[name][$contains]=É')).to.deep.equal(['ÉTÉ']);
      expect(await names('filters[name][$startsWith]=new')).to.deep.equal(['news  ']);
    });

    it('$eqi and $containsi fold case but not accents or trailing spaces', async () => {
      expect(await names('filters[name][$eqi]=ÉTÉ')).to.deep.equal(['été', 'ÉTÉ']);
      expect(await names('filters[name][$eqi]=ete')).to.deep.equal(['ete']);
      expect(await names('filters[name][$eqi]=news')).to.deep.equal(['News']);
      expect(await names('filters[name][$containsi]=té')).to.deep.equal(['été', 'ÉTÉ']);
    });
  });
}
