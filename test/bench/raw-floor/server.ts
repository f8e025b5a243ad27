/**
 * The raw floor: `node:http` and the database driver alone, answering byte for byte what
 * platform answers for an article by id, a page of 25 and a page with `populate=*`. What it
 * costs is what HTTP, the driver and the JSON cost; the bench reports every workload's CPU per
 * request as a ratio to it.
 */
import http from 'node:http';
import { NOT_FOUND, article, pageSizeOf, populatedArticles, wantsPopulateAll } from '../floor-shapes';
import { clientOf, openDriver } from './driver';
import { rawQueries } from './queries';

const client = clientOf(process.env.DATABASE_CLIENT);
const queries = rawQueries(client, openDriver(client));
const BY_ID = /^\/api\/articles\/(\d+)$/;

async function answer(url: string): Promise<{ status: number; body: unknown }> {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const byId = BY_ID.exec(path);
  if (byId) {
    const row = await queries.byId(Number(byId[1]));
    return row ? { status: 200, body: { data: article(row), meta: {} } } : { status: 404, body: NOT_FOUND };
  }
  if (path === '/api/articles') {
    const pageSize = pageSizeOf(query);
    const { rows, total } = await queries.page(1, pageSize);
    const data = wantsPopulateAll(query) ? populatedArticles(rows, await queries.relations(rows.map((r) => r.id as number))) : rows.map(article);
    return { status: 200, body: { data, meta: { pagination: { page: 1, pageSize, pageCount: Math.ceil(total / pageSize), total } } } };
  }
  return { status: 404, body: NOT_FOUND };
}

http
  .createServer((req, res) => {
    answer(req.url ?? '/').then(
      ({ status, body }) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
  })
  .listen(Number(process.env.PORT ?? 1338), process.env.HOST ?? '127.0.0.1');
