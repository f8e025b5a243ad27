import { expect } from 'chai';
import type { RequestContext } from '@platform/core';
import { createRequestContext } from './request-context';

/** a stand-in for koa's context: the store keeps it as it is given */
const request = (url: string) => ({ url }) as unknown as RequestContext;
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('strapi-compat request context', () => {
  it('in a scope, gives each of two overlapping requests its own, after awaits', async () => {
    const store = createRequestContext(() => true);
    const seen: unknown[] = [];
    const answer = (ctx: RequestContext, wait: number) =>
      store.middleware(ctx, async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        seen.push(store.get());
      });
    const [a, b] = [request('/a'), request('/b')];
    await Promise.all([answer(a, 10), answer(b, 1)]);
    expect(seen).to.deep.equal([b, a]);
    expect(seen[0]).to.equal(b);
    expect(store.get()).to.equal(undefined);
  });

  it('answers without a scope while none is needed, and with one from the next request once one is', async () => {
    let needed = false;
    const store = createRequestContext(() => needed);
    const seen: unknown[] = [];
    const run = (ctx: RequestContext) =>
      store.middleware(ctx, async () => {
        await later();
        seen.push(store.get());
      });
    const first = request('/first');
    await run(first);
    needed = true;
    const second = request('/second');
    await run(second);
    expect(seen).to.deep.equal([undefined, second]);
  });

  it('passes on what the rest of the chain resolves or throws, with a scope or without', async () => {
    for (const needed of [false, true]) {
      const store = createRequestContext(() => needed);
      let ran = false;
      await store.middleware(request('/ok'), async () => {
        ran = true;
      });
      expect(ran).to.equal(true);
      const failure = new Error('from the chain');
      let thrown: unknown = null;
      try {
        await store.middleware(request('/fails'), async () => {
          throw failure;
        });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.equal(failure);
    }
  });
});
