/**
 * An unknown populate key is ignored, as Strapi v4 ignores it (200, the same answer as without
 * it), and under `platform develop` the log says so once: the key, where it was, and the
 * closest attribute that can be populated there. A key some component of a dynamic zone has is
 * meant for those, and `__component` is sent on purpose: neither is reported. Outside develop,
 * nothing is logged.
 */
import { expect } from 'chai';
import { createLogger } from '@platform/core';
import { describeSite } from '../graphql/site-seed';

const lines: string[] = [];
const logger = createLogger('warn', (line) => lines.push(line.replace(/^\[[^\]]+\] /, '')));
const warnings = () => lines.filter((line) => line.includes('populate:'));
const IGNORED = 'so it is ignored, as Strapi v4 ignores it';
const COMPONENTS = 'blocks.hero, blocks.gallery, blocks.quote, blocks.rich-text, blocks.call-to-action, blocks.feature-list, blocks.testimonial, blocks.video';

describeSite(
  'REST unknown populate keys under develop',
  (ctx) => {
    beforeEach(() => {
      lines.length = 0;
    });

    it('answers as without the key, and warns once naming it and the closest attribute', async () => {
      const plain = await ctx.app.get('/api/articles?sort=id');
      for (const url of ['/api/articles?sort=id&populate[cuthor]=true', '/api/articles?sort=id&populate[cuthor]=true', '/api/articles?sort=id&populate=cuthor']) {
        const res = await ctx.app.get(url);
        expect(res.status, url).to.equal(200);
        expect(res.body, url).to.deep.equal(plain.body);
      }
      expect(warnings()).to.deep.equal([
        `WARN [query-engine] populate: "cuthor" is not an attribute of api::article.article (in populate), ${IGNORED}; the closest attribute it can populate is "author"`,
      ]);
    });

    it('names a scalar attribute as one with nothing to populate, and a nested level by its path', async () => {
      expect((await ctx.app.get('/api/articles?populate[title]=true&populate[author][populate][avatr]=true')).status).to.equal(200);
      expect(warnings()).to.deep.equal([
        `WARN [query-engine] populate: "title" is an attribute of api::article.article with nothing to populate (in populate), ${IGNORED}; the closest attribute it can populate is "cover"`,
        `WARN [query-engine] populate: "avatr" is not an attribute of api::person.person (in populate[author][populate]), ${IGNORED}; the closest attribute it can populate is "avatar"`,
      ]);
    });

    it('in a dynamic zone, reports only a key no component has, and never __component', async () => {
      const res = await ctx.app.get('/api/page?populate[blocks][populate][image]=true&populate[blocks][populate][__component]=true&populate[blocks][populate][imgae]=true');
      expect(res.status).to.equal(200);
      expect(res.body.data.attributes.blocks[0].image.data.id).to.equal(ctx.site.files.hero.id);
      expect(warnings()).to.deep.equal([
        `WARN [query-engine] populate: "imgae" is not an attribute of the components ${COMPONENTS} (in populate[blocks][populate]), ${IGNORED}; the closest attribute it can populate is "image"`,
      ]);
    });
  },
  { start: { mode: 'develop', logger } },
);

describeSite(
  'REST unknown populate keys outside develop',
  (ctx) => {
    it('are ignored without a word', async () => {
      lines.length = 0;
      const res = await ctx.app.get('/api/articles?populate[cuthor]=true');
      expect(res.status).to.equal(200);
      expect(warnings()).to.deep.equal([]);
    });
  },
  { start: { logger } },
);
