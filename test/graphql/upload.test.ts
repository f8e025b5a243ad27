/**
 * Upload over GraphQL on every database: Strapi v4's `upload`, `multipleUpload`,
 * `updateFileInfo` and `removeFile` sent as GraphQL multipart requests to the one endpoint,
 * with users-permissions deciding who may call them. Each answer is checked exactly, with the
 * rows and the files on disk afterwards; malformed or oversized requests are refused in
 * GraphQL's error shape, and no request leaves a temporary file behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { authPlugins, bearer, register } from '../users-permissions/helpers';
import { describeUploads, listFiles, png, send } from '../upload/helpers';
import type { Json } from '../helpers/json';

const PERMISSIONS = {
  public: ['plugin::upload.content-api.find'],
  authenticated: ['plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy', 'plugin::upload.content-api.find', 'api::article.article.update'],
  // may upload, but not change articles
  uploader: ['plugin::upload.content-api.upload'],
};
const SIZE_LIMIT = 100_000;
const MAX_FILES = 3;
const FORBIDDEN = { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' };
const SPEC = '(https://github.com/jaydenseric/graphql-multipart-request-spec)';

interface FilePart {
  part: string;
  filename: string;
  type: string;
  data: Buffer | string;
}

/** A GraphQL multipart request body: `operations`, `map`, then the file parts, as apollo-upload-client sends them. */
function multipart(operations: unknown, map: unknown, files: FilePart[] = []): FormData {
  const body = new FormData();
  body.append('operations', typeof operations === 'string' ? operations : JSON.stringify(operations));
  if (map !== undefined) body.append('map', typeof map === 'string' ? map : JSON.stringify(map));
  for (const file of files) body.append(file.part, new Blob([file.data], { type: file.type }), file.filename);
  return body;
}

const FILE_FIELDS = 'data { id attributes { name alternativeText caption ext mime width height url provider } }';
const UPLOAD = `mutation ($file: Upload!, $info: FileInfoInput, $ref: String, $refId: ID, $field: String) {
  upload(file: $file, info: $info, ref: $ref, refId: $refId, field: $field) { ${FILE_FIELDS} } }`;
const MULTIPLE = `mutation ($files: [Upload]!) { multipleUpload(files: $files) { ${FILE_FIELDS} } }`;

describeUploads(
  'GraphQL upload',
  (ctx) => {
    let jwt = '';
    let uploaderJwt = '';
    let tmp = '';
    let previousTmp: string | undefined;
    let image: Buffer;

    before(async () => {
      // the requests' temporary folders land here, so that what is left behind is seen
      previousTmp = process.env.TMPDIR;
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-gql-upload-tmp-'));
      process.env.TMPDIR = tmp;
      image = await png(40, 30);
      jwt = (await register(ctx.app)).jwt;
      const uploader = await register(ctx.app);
      await ctx.app
        .knex('up_roles')
        .insert({ name: 'Uploader', type: 'uploader', description: '' })
        .catch(() => undefined);
      const role = await ctx.app.knex('up_roles').where('type', 'uploader').first('id');
      await ctx.app.knex('up_users_role_links').where('user_id', uploader.user.id).update({ role_id: role.id });
      uploaderJwt = (await ctx.app.post('/api/auth/local', { identifier: uploader.user.username, password: uploader.password })).body.jwt;
    });

    after(() => {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    afterEach(() => {
      expect(listFiles(tmp), 'temporary files left behind').to.deep.equal([]);
    });

    const post = (body: FormData, headers: Record<string, string> = bearer(jwt)) => send(ctx.app, 'POST', '/graphql', body, headers);
    const fileRows = async () => (await ctx.app.knex('files').select('id', 'name', 'alternative_text', 'caption', 'mime').orderBy('id')).map((row) => ({ ...row, id: Number(row.id) }));
    const pngPart = (part: string, filename = 'photo.png'): FilePart => ({ part, filename, type: 'image/png', data: image });
    const uploadOne = (variables: Record<string, unknown> = {}, headers?: Record<string, string>) =>
      post(multipart({ query: UPLOAD, variables: { file: null, ...variables } }, { 0: ['variables.file'] }, [pngPart('0')]), headers);

    it('upload stores one file with its info and answers its UploadFileEntityResponse', async () => {
      const res = await uploadOne({ info: { name: 'Cover', alternativeText: 'a gradient', caption: 'test' } });
      expect(res.status, res.text).to.equal(200);
      const [row] = await fileRows();
      const url = `/uploads/${res.body.data.upload.data.attributes.url.slice('/uploads/'.length)}`;
      expect(res.body).to.deep.equal({
        data: {
          upload: {
            data: { id: String(row?.id), attributes: { name: 'Cover', alternativeText: 'a gradient', caption: 'test', ext: '.png', mime: 'image/png', width: 40, height: 30, url, provider: 'local' } },
          },
        },
      });
      expect(await fileRows()).to.deep.equal([{ id: row?.id, name: 'Cover', alternative_text: 'a gradient', caption: 'test', mime: 'image/png' }]);
      expect(listFiles(ctx.dir.uploads)).to.include(url.slice('/uploads/'.length));
    });

    it('upload with ref, refId and field links the file to the entry', async () => {
      const [article] = await ctx.app.knex('articles').insert({ title: 'linked', locale: 'en', created_at: new Date(), updated_at: new Date(), published_at: new Date() }, ['id']);
      const refId = String(typeof article === 'object' ? article.id : article);
      const res = await uploadOne({ ref: 'api::article.article', refId, field: 'cover' });
      expect(res.status, res.text).to.equal(200);
      const fileId = Number(res.body.data.upload.data.id);
      const morphs = await ctx.app
        .knex('files_related_morphs')
        .where({ related_type: 'api::article.article', related_id: Number(refId) })
        .select('file_id', 'field');
      expect(morphs.map((m) => [Number(m.file_id), m.field])).to.deep.equal([[fileId, 'cover']]);
      // a role that may upload but not update articles may not link to one
      const before = await fileRows();
      const denied = await uploadOne({ ref: 'api::article.article', refId, field: 'cover' }, bearer(uploaderJwt));
      expect(denied.status).to.equal(200);
      expect(denied.body.data).to.equal(null);
      expect(denied.body.errors.map((e: { extensions: unknown }) => e.extensions)).to.deep.equal([FORBIDDEN]);
      expect(await fileRows()).to.deep.equal(before);
    });

    it('multipleUpload stores every file, in order, as a list of UploadFileEntityResponse', async () => {
      const before = (await fileRows()).length;
      const body = multipart({ query: MULTIPLE, variables: { files: [null, null] } }, { a: ['variables.files.0'], b: ['variables.files.1'] }, [
        pngPart('a', 'one.png'),
        { part: 'b', filename: 'two.txt', type: 'text/plain', data: 'hello' },
      ]);
      const res = await post(body);
      expect(res.status, res.text).to.equal(200);
      const rows = (await fileRows()).slice(before);
      expect(rows.map((row) => [row.name, row.mime])).to.deep.equal([
        ['one.png', 'image/png'],
        ['two.txt', 'text/plain'],
      ]);
      expect(res.body.data.multipleUpload.map((r: Json) => [r.data.id, r.data.attributes.name, r.data.attributes.mime, r.data.attributes.width])).to.deep.equal([
        [String(rows[0]?.id), 'one.png', 'image/png', 40],
        [String(rows[1]?.id), 'two.txt', 'text/plain', null],
      ]);
    });

    it('updateFileInfo changes name, alternativeText and caption', async () => {
      const id = Number((await uploadOne()).body.data.upload.data.id);
      const res = await ctx.app.post(
        '/graphql',
        { query: `mutation { updateFileInfo(id: ${id}, info: { name: "renamed", caption: "new caption" }) { data { id attributes { name alternativeText caption } } } }` },
        bearer(jwt),
      );
      expect(res.body).to.deep.equal({ data: { updateFileInfo: { data: { id: String(id), attributes: { name: 'renamed', alternativeText: null, caption: 'new caption' } } } } });
      const row = await ctx.app.knex('files').where('id', id).first('name', 'caption');
      expect(row).to.deep.equal({ name: 'renamed', caption: 'new caption' });
      const missing = await ctx.app.post('/graphql', { query: 'mutation { updateFileInfo(id: 999999, info: { name: "x" }) { data { id } } }' }, bearer(jwt));
      expect(missing.body.errors[0].extensions).to.deep.equal({ error: { name: 'NotFoundError', message: 'file.notFound', details: {} }, code: 'STRAPI_NOT_FOUND_ERROR' });
    });

    it('removeFile deletes the row and the file on disk; an unknown id answers null', async () => {
      const uploaded = (await uploadOne({ info: { name: 'doomed' } })).body.data.upload.data;
      const stored = uploaded.attributes.url.slice('/uploads/'.length);
      expect(listFiles(ctx.dir.uploads)).to.include(stored);
      const res = await ctx.app.post('/graphql', { query: `mutation { removeFile(id: ${uploaded.id}) { data { id attributes { name } } } }` }, bearer(jwt));
      expect(res.body).to.deep.equal({ data: { removeFile: { data: { id: uploaded.id, attributes: { name: 'doomed' } } } } });
      expect(await ctx.app.knex('files').where('id', Number(uploaded.id))).to.deep.equal([]);
      expect(listFiles(ctx.dir.uploads).filter((name) => name.includes(stored.replace(/\.png$/, '')))).to.deep.equal([]);
      const again = await ctx.app.post('/graphql', { query: `mutation { removeFile(id: ${uploaded.id}) { data { id } } }` }, bearer(jwt));
      expect(again.body).to.deep.equal({ data: { removeFile: null } });
    });

    it('the public role may not upload nor remove unless granted: FORBIDDEN, nothing stored', async () => {
      const before = await fileRows();
      const onDisk = listFiles(ctx.dir.uploads);
      const denied = await uploadOne({}, {});
      expect(denied.body).to.deep.equal({ data: null, errors: [{ message: 'Forbidden access', path: ['upload'], locations: [{ line: 2, column: 3 }], extensions: FORBIDDEN }] });
      const remove = await ctx.app.post('/graphql', { query: `mutation { removeFile(id: ${before[0]?.id}) { data { id } } }` });
      expect(remove.body.errors[0].extensions).to.deep.equal(FORBIDDEN);
      const info = await ctx.app.post('/graphql', { query: `mutation { updateFileInfo(id: ${before[0]?.id}, info: { name: "x" }) { data { id } } }` });
      expect(info.body.errors[0].extensions).to.deep.equal(FORBIDDEN);
      expect(await fileRows()).to.deep.equal(before);
      expect(listFiles(ctx.dir.uploads)).to.deep.equal(onDisk);
      // the public role may list (plugin::upload.content-api.find, as Strapi v4 scopes uploadFiles)
      const listed = await ctx.app.post('/graphql', { query: '{ uploadFiles(pagination: { limit: 1 }) { data { id } } }' });
      expect(listed.body).to.deep.equal({ data: { uploadFiles: { data: [{ id: String(before[0]?.id) }] } } });
    });

    describe('malformed requests are refused before anything runs', () => {
      let before: unknown[] = [];
      beforeEach(async () => {
        before = await fileRows();
      });
      afterEach(async () => {
        expect(await fileRows()).to.deep.equal(before);
      });

      const refused = (message: string, status = 400, name = 'BadRequestError', code = 'STRAPI_BAD_REQUEST_ERROR', details = {}) => ({
        status,
        body: { errors: [{ message, extensions: { error: { name, message, details }, code } }] },
      });
      const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

      it('no map, a map naming a missing part, a map that is no JSON, a path that is no null variable', async () => {
        const operations = { query: UPLOAD, variables: { file: null } };
        expect(answer(await post(multipart(operations, undefined, [pngPart('0')])))).to.deep.equal(refused(`Misordered multipart fields; files should follow ‘map’ ${SPEC}.`));
        expect(answer(await post(multipart(operations, undefined)))).to.deep.equal(refused(`Missing multipart field ‘map’ ${SPEC}.`));
        expect(answer(await post(multipart(operations, { 1: ['variables.file'] }, [pngPart('0')])))).to.deep.equal(refused('File missing in the request.'));
        expect(answer(await post(multipart(operations, '{nope', [pngPart('0')])))).to.deep.equal(refused(`Invalid JSON in the ‘map’ multipart field ${SPEC}.`));
        expect(answer(await post(multipart(operations, { 0: ['variables.other'] }, [pngPart('0')])))).to.deep.equal(
          refused('Invalid object path for the ‘map’ multipart field entry key ‘0’ array index ‘0’ value ‘variables.other’.'),
        );
        expect(answer(await post(multipart(operations, { 0: ['variables.__proto__'] }, [pngPart('0')])))).to.deep.equal(
          refused('Invalid object path for the ‘map’ multipart field entry key ‘0’ array index ‘0’ value ‘variables.__proto__’.'),
        );
        expect(answer(await post(multipart('not json', { 0: ['variables.file'] }, [pngPart('0')])))).to.deep.equal(refused(`Invalid JSON in the ‘operations’ multipart field ${SPEC}.`));
        expect(answer(await post(multipart([operations], { 0: ['0.variables.file'] }, [pngPart('0')])))).to.deep.equal(refused('Batched operations are not supported.'));
        const mapFirst = new FormData();
        mapFirst.append('map', '{}');
        mapFirst.append('operations', JSON.stringify(operations));
        expect(answer(await post(mapFirst))).to.deep.equal(refused(`Misordered multipart fields; ‘map’ should follow ‘operations’ ${SPEC}.`));
      });

      it('a file over sizeLimit is a 413, more files than maxFiles a 400', async () => {
        const big: FilePart = { part: '0', filename: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(SIZE_LIMIT + 1, 1) };
        expect(answer(await post(multipart({ query: UPLOAD, variables: { file: null } }, { 0: ['variables.file'] }, [big])))).to.deep.equal(
          refused('A file exceeds the size limit of 97.7 KB', 413, 'PayloadTooLargeError', 'STRAPI_PAYLOAD_TOO_LARGE_ERROR', { sizeLimit: SIZE_LIMIT }),
        );
        const parts = ['a', 'b', 'c', 'd'].map((name) => pngPart(name));
        const map = Object.fromEntries(parts.map((part, index) => [part.part, [`variables.files.${index}`]]));
        expect(answer(await post(multipart({ query: MULTIPLE, variables: { files: [null, null, null, null] } }, map, parts)))).to.deep.equal(
          refused(`At most ${MAX_FILES} files can be uploaded at once`, 400, 'ValidationError', 'BAD_USER_INPUT'),
        );
      });

      it('only a mutation is taken as multipart: a query is refused, and a GET reads no body', async () => {
        const query = multipart({ query: '{ uploadFiles { data { id } } }' }, {}, []);
        expect(answer(await post(query))).to.deep.equal(refused('A multipart request can only run a mutation.'));
        const named = multipart(
          { query: `query Q { uploadFiles { data { id } } } ${UPLOAD.replace('mutation', 'mutation M')}`, operationName: 'Q', variables: { file: null } },
          { 0: ['variables.file'] },
          [pngPart('0')],
        );
        expect(answer(await post(named))).to.deep.equal(refused('A multipart request can only run a mutation.'));
        const viaGet = await fetch(`${ctx.app.url}/graphql`, { method: 'GET', headers: { 'content-type': 'multipart/form-data; boundary=x', ...bearer(jwt) } });
        expect(viaGet.status).to.equal(400);
        expect(((await viaGet.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).to.equal('Missing query');
      });

      it('an Upload variable given as JSON is no file', async () => {
        const res = await ctx.app.post('/graphql', { query: UPLOAD, variables: { file: { path: '/etc/passwd' } } }, bearer(jwt));
        expect(res.status).to.equal(400);
        expect(res.body.errors[0].message).to.equal('Variable "$file" got invalid value { path: "/etc/passwd" }; Upload value invalid.');
      });
    });
  },
  { config: { plugins: { ...authPlugins({ permissions: PERMISSIONS }), upload: { config: { sizeLimit: SIZE_LIMIT, maxFiles: MAX_FILES } } } } },
);
