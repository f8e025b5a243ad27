import { startApp } from '../helpers/app';
describe('smoke', function () {
  this.timeout(60000);
  it('runs', async () => {
    const app = await startApp();
    try {
      const q = async (query: string, variables?: any) => { const r = await app.post('/graphql', { query, variables }); console.log(r.status, JSON.stringify(r.body).slice(0, 600)); return r; };
      await q('mutation { createArticle(data: {title: "Draft"}) { data { id attributes { title publishedAt locale } } } }');
      await q('mutation { createArticle(data: {title: "Pub", publishedAt: "2024-01-01T00:00:00.000Z"}) { data { id attributes { title publishedAt locale } } } }');
      await q('{ articles { data { id attributes { title } } } }');
      await q('{ articles(publicationState: PREVIEW) { data { id attributes { title } } } }');
      await q('{ article(id: 1) { data { id } } }');
      await q('{ article(id: 1, publicationState: PREVIEW) { data { id } } }');
      await q('mutation { createArticleLocalization(id: 2, locale: "fr", data: { title: "Pub FR" }) { data { id attributes { title locale publishedAt localizations { data { id attributes { locale } } } } } } }');
      await q('{ articles(locale: "fr", publicationState: PREVIEW) { data { id attributes { title locale } } } }');
      await q('{ articles(locale: "zz") { data { id } } }');
      await q('{ i18NLocales { data { id attributes { code name } } } }');
      await q('mutation { updateArticle(id: 999, data: {title: "x"}) { data { id } } }');
      await q('mutation { deleteArticle(id: 999) { data { id } } }');
      await q('mutation { updateGlobal(data: {siteName: "Site", defaultSeo: {metaTitle: "m"}}) { data { id attributes { siteName defaultSeo { metaTitle } } } } }');
      await q('{ global { data { id attributes { siteName } } } }');
      await q('{ uploadFiles { data { id } } }');
    } finally { await app.close(); }
  });
});
