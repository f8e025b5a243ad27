import { expect } from 'chai';
import { AsyncParallelHook, AsyncSeriesHook, SyncHook } from 'tapable';
import { ApplicationError, BootError, InternalError, ValidationError } from '../errors';
import { guardHooks } from './guard-hooks';

function guarded() {
  return guardHooks('owner', {
    check: new SyncHook<[number]>(['n']),
    save: new AsyncSeriesHook<[number]>(['n']),
    notify: new AsyncParallelHook<[number]>(['n']),
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('did not reject');
}

describe('guardHooks', () => {
  it('freezes the hooks object', () => {
    expect(Object.isFrozen(guarded())).to.equal(true);
  });

  it('wraps an error of a sync tap with the hook and tap names, keeping the cause', () => {
    const hooks = guarded();
    const cause = new TypeError('x is undefined');
    hooks.check.tap('picky', () => {
      throw cause;
    });
    let caught: unknown;
    try {
      hooks.check.call(1);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(InternalError);
    expect((caught as InternalError).code).to.equal('HOOK_TAP');
    expect((caught as InternalError).message).to.equal('Hook "owner.check", tap "picky" failed: x is undefined');
    expect((caught as InternalError).cause).to.equal(cause);
  });

  it('wraps a rejection of a promise tap and a throw before its promise', async () => {
    const hooks = guarded();
    hooks.save.tapPromise('late', async () => {
      throw new Error('disk full');
    });
    const late = (await rejection(hooks.save.promise(1))) as InternalError;
    expect([late.code, late.message, (late.cause as Error).message]).to.deep.equal(['HOOK_TAP', 'Hook "owner.save", tap "late" failed: disk full', 'disk full']);

    const early = guarded();
    early.save.tapPromise('early', (() => {
      throw new Error('no promise');
    }) as unknown as () => Promise<void>);
    const caught = (await rejection(early.save.promise(1))) as InternalError;
    expect(caught.message).to.equal('Hook "owner.save", tap "early" failed: no promise');
  });

  it('wraps the error an async (callback) tap reports', async () => {
    const hooks = guarded();
    hooks.notify.tapAsync('mailer', (_n, callback) => callback(new Error('smtp down')));
    const caught = (await rejection(hooks.notify.promise(1))) as InternalError;
    expect(caught.message).to.equal('Hook "owner.notify", tap "mailer" failed: smtp down');
  });

  it('lets ApplicationErrors and BootErrors through unchanged (they are meant to be seen as they are)', async () => {
    const hooks = guarded();
    const invalid = new ValidationError('Invalid parameter locale');
    hooks.save.tapPromise('validator', async () => {
      throw invalid;
    });
    expect(await rejection(hooks.save.promise(1))).to.equal(invalid);

    const boot = new BootError('CONFIG_PLUGINS', 'config/plugins.ts: bad');
    const other = guarded();
    other.check.tap('config', () => {
      throw boot;
    });
    expect(() => other.check.call(1))
      .to.throw(BootError)
      .that.equals(boot);
    expect(invalid).to.be.instanceOf(ApplicationError);
  });

  it('passes arguments and results through, for taps registered before and after other taps', async () => {
    const hooks = guarded();
    const seen: number[] = [];
    hooks.check.tap('a', (n) => void seen.push(n));
    hooks.save.tapPromise('b', async (n) => void seen.push(n * 10));
    hooks.notify.tapAsync('c', (n, callback) => {
      seen.push(n * 100);
      callback();
    });
    hooks.check.call(1);
    await hooks.save.promise(2);
    await hooks.notify.promise(3);
    expect(seen).to.deep.equal([1, 20, 300]);
  });
});
