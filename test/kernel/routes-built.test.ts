/**
 * The kernel's `routesBuilt` hook gets the route table itself: a tap may push routes (mounted
 * under the REST prefix, or their own `config.prefix`) and remove routes, and what it leaves
 * is what the server mounts. A handler that produces nothing answers the 404 envelope.
 */
import { expect } from 'chai';
import { definePlugin, type RouteDefinition } from '@platform/core';
import { describeEachDatabase } from '../helpers/app';

const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

/** A plugin that edits the route table from its register step. */
const routeEditor = definePlugin({
  name: 'route-editor',
  register(ctx) {
    ctx.hooks.routesBuilt.tap('route-editor', (routes: RouteDefinition[]) => {
      routes.push({ method: 'GET', path: '/added', handler: () => ({ data: 'added' }), config: { auth: false } });
      routes.push({ method: 'GET', path: '/elsewhere', handler: () => ({ data: 'elsewhere' }), config: { auth: false, prefix: '/custom' } });
      routes.push({ method: 'GET', path: '/nothing', handler: () => undefined, config: { auth: false } });
      const locales = routes.findIndex((route) => route.info?.pluginName === 'i18n' && route.path === '/locales');
      routes.splice(locales, 1);
    });
  },
});

describeEachDatabase(
  'routesBuilt hook',
  (ctx) => {
    it('mounts a route a tap pushed under the REST prefix', async () => {
      const res = await ctx.app.get('/api/added');
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: { data: 'added' } });
      expect(ctx.app.platform.routes().filter((r) => r.path === '/api/added')).to.have.length(1);
    });

    it('mounts a pushed route with its own prefix there only', async () => {
      const res = await ctx.app.get('/custom/elsewhere');
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: { data: 'elsewhere' } });
      const elsewhere = await ctx.app.get('/api/elsewhere');
      expect({ status: elsewhere.status, body: elsewhere.body }).to.deep.equal({ status: 404, body: NOT_FOUND });
    });

    it('answers a wrong method on a pushed route with a 405', async () => {
      const res = await ctx.app.post('/api/added', {});
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 405,
        body: { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } },
      });
    });

    it('does not mount a route a tap removed', async () => {
      const res = await ctx.app.get('/api/i18n/locales');
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 404, body: NOT_FOUND });
      expect(ctx.app.platform.routes().some((r) => r.path === '/api/i18n/locales')).to.equal(false);
      // the other routes stay
      expect(ctx.app.platform.routes().some((r) => r.path === '/api/articles/:id/localizations')).to.equal(true);
      expect((await ctx.app.get('/api/tags')).status).to.equal(200);
    });

    it('answers a handler that produced nothing with the 404 envelope, not a 405', async () => {
      const res = await ctx.app.get('/api/nothing');
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 404, body: NOT_FOUND });
    });
  },
  { plugins: [routeEditor] },
);
