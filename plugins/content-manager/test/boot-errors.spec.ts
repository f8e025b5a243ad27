/**
 * App files the content-manager cannot make sense of stop start-up with an error that names
 * the file and the problem.
 */
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { startApp } from '../../../test/helpers/app';

const BAD = path.join(__dirname, 'fixtures', 'bad-apps');

async function bootError(name: string): Promise<BootError> {
  try {
    const app = await startApp({ appDir: path.join(BAD, name), client: 'sqlite' });
    await app.close();
  } catch (error) {
    return error as BootError;
  }
  throw new Error(`${name} booted`);
}

describe('content-manager boot errors', function () {
  this.timeout(30000);

  it('a core router in controllers/', async () => {
    const error = await bootError('wrong-kind');
    expect(error).to.be.instanceOf(BootError);
    expect(error.message).to.include(path.join('wrong-kind', 'api', 'thing', 'controllers', 'thing.ts'));
    expect(error.message).to.include('expected createCoreController(...), found a core router');
  });

  it('an action in `only` that the content-type does not have', async () => {
    const error = await bootError('unknown-action');
    expect(error.message).to.include(path.join('routes', 'thing.ts'));
    expect(error.message).to.include('createCoreRouter "only" names "publish", which is not an action of api::thing.thing (find, findOne, create, update, delete)');
  });

  it('a custom route with an unknown method', async () => {
    const error = await bootError('bad-method');
    expect(error.message).to.include(`${path.join('routes', 'custom.ts')}: routes[0]: unknown method "FETCH"`);
  });

  it('a core controller for a content-type that does not exist', async () => {
    const error = await bootError('unknown-uid');
    expect(error.message).to.include('core controller for "api::nope.nope", which is not an api content-type');
  });

  it('a custom route whose handler is not a controller action', async () => {
    const error = await bootError('missing-action');
    expect(error.message).to.include('handler "api::thing.thing.special" is not a controller action');
  });
});
