import Router from '@koa/router';
import { expect } from 'chai';
import type Koa from 'koa';
import { dispatchRoutes } from './route-dispatch';

/** runs `dispatch` on a bare context for `method path`; what ran, and the params it saw */
async function request(dispatch: Koa.Middleware, method: string, path: string) {
  const ctx = { method, path, request: {} } as unknown as Koa.Context & { params?: Record<string, string>; _matchedRoute?: string };
  let passedOn = false;
  await dispatch(ctx, async () => {
    passedOn = true;
  });
  return { ran: (ctx as { ran?: string }).ran ?? null, params: ctx.params ?? null, route: ctx._matchedRoute ?? null, passedOn };
}

function routerWith(routes: Array<[method: 'get' | 'post' | 'put' | 'all', path: string, name: string]>): Router {
  const router = new Router();
  for (const [method, path, name] of routes) {
    router[method](path, async (ctx: Koa.Context & { ran?: string }) => {
      ctx.ran = name;
    });
  }
  return router;
}

describe('dispatchRoutes', () => {
  it('runs the first route of the method whose path matches, with its decoded params', async () => {
    const dispatch = dispatchRoutes(
      routerWith([
        ['post', '/api/articles/:id', 'create'],
        ['get', '/api/articles/count', 'count'],
        ['get', '/api/articles/:id', 'findOne'],
        ['get', '/api/articles/:id', 'shadowed'],
      ]).stack,
    );
    expect(await request(dispatch, 'GET', '/api/articles/a%20b')).to.deep.equal({ ran: 'findOne', params: { id: 'a b' }, route: '/api/articles/:id', passedOn: false });
    expect(await request(dispatch, 'GET', '/api/articles/count')).to.deep.equal({ ran: 'count', params: {}, route: '/api/articles/count', passedOn: false });
    expect(await request(dispatch, 'POST', '/api/articles/7')).to.deep.equal({ ran: 'create', params: { id: '7' }, route: '/api/articles/:id', passedOn: false });
  });

  it('answers HEAD with the GET route, a trailing slash and any case as @koa/router does, and passes on what matches nothing', async () => {
    const dispatch = dispatchRoutes(
      routerWith([
        ['get', '/api/articles/:id', 'findOne'],
        ['all', '/any', 'any'],
      ]).stack,
    );
    expect(await request(dispatch, 'HEAD', '/api/articles/3')).to.deep.include({ ran: 'findOne', params: { id: '3' } });
    expect(await request(dispatch, 'GET', '/API/Articles/3/')).to.deep.include({ ran: 'findOne', params: { id: '3' } });
    expect(await request(dispatch, 'PATCH', '/any')).to.deep.include({ ran: 'any' });
    expect(await request(dispatch, 'PUT', '/api/articles/3')).to.deep.equal({ ran: null, params: null, route: null, passedOn: true });
    expect(await request(dispatch, 'GET', '/api/other')).to.deep.equal({ ran: null, params: null, route: null, passedOn: true });
  });

  it('tests only the paths of the request method', async () => {
    const router = routerWith([
      ['post', '/api/articles', 'create'],
      ['put', '/api/articles/:id', 'update'],
      ['get', '/api/articles/:id', 'findOne'],
    ]);
    const tested: string[] = [];
    for (const layer of router.stack) {
      const match = layer.match.bind(layer);
      layer.match = (path: string) => {
        tested.push(`${layer.methods.join(',')} ${String(layer.path)}`);
        return match(path);
      };
    }
    await request(dispatchRoutes(router.stack), 'GET', '/api/articles/1');
    expect(tested).to.deep.equal(['HEAD,GET /api/articles/:id']);
  });

  it('agrees with @koa/router on which route runs and its params', async () => {
    const router = routerWith([
      ['get', '/api/articles', 'find'],
      ['get', '/api/articles/:id', 'findOne'],
      ['get', '/uploads/:file.:ext', 'file'],
      ['get', '/docs/*rest', 'docs'],
      ['get', '/api/:plural/:id/{:field}', 'optional'],
    ]);
    const ours = dispatchRoutes(router.stack);
    const theirs = router.routes() as unknown as Koa.Middleware;
    for (const path of ['/api/articles', '/api/articles/', '/api/articles/12', '/uploads/a.png', '/docs/a/b', '/api/tags/1/name', '/api/tags/1', '/nothing']) {
      expect(await request(ours, 'GET', path), path).to.deep.equal(await request(theirs, 'GET', path));
    }
  });
});
