/**
 * The upload plugin's `media` field kind through the query engine's write path, on every
 * database: morph rows in order, single and multiple attributes, errors with nothing written,
 * and the clean-up when an entry or a file is deleted.
 */
import { expect } from 'chai';
import { describeEachDatabase } from '../helpers/app';
import { expectValidationError, insertRow, insertRows, RELATIONS_APP } from '../relations/helpers';

describeEachDatabase(
  'upload: media writes',
  (ctx) => {
    const entities = () => ctx.app.platform.service('plugin::query-engine.entity-service');
    const morphs = async (relatedId: number) =>
      (await ctx.app.knex('files_related_morphs').select('file_id', 'related_type', 'field', 'order').where('related_id', relatedId).orderBy('order')).map((r) => ({
        file_id: Number(r.file_id),
        related_type: r.related_type,
        field: r.field,
        order: Number(r.order),
      }));

    it('stores media links as morph rows, in order, and clears them', async () => {
      const [img1, img2, vid] = await insertRows(ctx.app, 'files', [
        { name: 'a.png', mime: 'image/png' },
        { name: 'b.jpg', mime: 'image/jpeg' },
        { name: 'c.mp4', mime: 'video/mp4' },
      ]);
      const { id: post } = await entities().create('api::post.post', { data: { title: 'g', gallery: [vid, img1] } });
      expect(await morphs(post)).to.deep.equal([
        { file_id: vid, related_type: 'api::post.post', field: 'gallery', order: 1 },
        { file_id: img1, related_type: 'api::post.post', field: 'gallery', order: 2 },
      ]);
      await entities().update('api::post.post', post, { data: { gallery: { set: [img2] } } });
      expect(await morphs(post)).to.deep.equal([{ file_id: img2, related_type: 'api::post.post', field: 'gallery', order: 1 }]);
      await entities().update('api::post.post', post, { data: { gallery: [] } });
      expect(await morphs(post)).to.deep.equal([]);
      const { id: person } = await entities().create('api::person.person', { data: { name: 'p', avatar: img1 } });
      await entities().update('api::person.person', person, { data: { avatar: [img1, img2] } });
      expect((await morphs(person)).filter((m) => m.related_type === 'api::person.person')).to.deep.equal([{ file_id: img2, related_type: 'api::person.person', field: 'avatar', order: 1 }]);
      await entities().update('api::person.person', person, { data: { avatar: null } });
      expect((await morphs(person)).filter((m) => m.related_type === 'api::person.person')).to.deep.equal([]);
    });

    it('refuses connect, missing files and types not allowed, writing nothing', async () => {
      const [img, vid] = await insertRows(ctx.app, 'files', [
        { name: 'a.png', mime: 'image/png' },
        { name: 'c.mp4', mime: 'video/mp4' },
      ]);
      const person = await insertRow(ctx.app, 'people', { name: 'p' });
      const update = (avatar: unknown) => entities().update('api::person.person', person, { data: { avatar } });
      await expectValidationError(update({ connect: [img] }), '"connect" cannot be used for the media attribute "avatar"; send the file ids or "set"', {
        errors: [{ path: ['avatar'], message: '"connect" cannot be used for the media attribute "avatar"; send the file ids or "set"', name: 'ValidationError' }],
      });
      await expectValidationError(update(99999), '1 relation(s) of type plugin::upload.file associated with this entity do not exist', {
        errors: [{ path: [], message: '1 relation(s) of type plugin::upload.file associated with this entity do not exist', name: 'ValidationError' }],
      });
      const notAllowed = `The file with id ${vid} (video/mp4) is not allowed in "avatar", which accepts: images`;
      await expectValidationError(update(vid), notAllowed, {
        errors: [{ path: ['avatar'], message: notAllowed, name: 'ValidationError' }],
      });
      expect(await morphs(person)).to.deep.equal([]);
    });

    it('deleting an entry or a file removes its morph rows', async () => {
      const [img] = await insertRows(ctx.app, 'files', [{ name: 'a.png', mime: 'image/png' }]);
      const { id: post } = await entities().create('api::post.post', { data: { title: 'g', gallery: [img] } });
      const { id: other } = await entities().create('api::post.post', { data: { title: 'h', gallery: [img] } });
      await entities().delete('api::post.post', post);
      expect(await morphs(post)).to.deep.equal([]);
      expect(await morphs(other)).to.have.length(1);
      await entities().delete('plugin::upload.file', img);
      expect(await morphs(other)).to.deep.equal([]);
    });
  },
  { appDir: RELATIONS_APP },
);
