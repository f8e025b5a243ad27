import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../errors';
import { appSourceDir, assertServableApp, hasContentTypes } from './app-layout';

describe("the app's layout", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-layout-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const schema = (base: string) => {
    const folder = path.join(dir, base, 'api', 'note', 'content-types', 'note');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'schema.json'), '{}');
  };

  it("reads platform's layout at the app's root and Strapi's under src/", () => {
    expect(appSourceDir(dir)).to.equal(dir);
    schema('');
    expect([appSourceDir(dir), hasContentTypes(dir)]).to.deep.equal([dir, true]);
    fs.rmSync(path.join(dir, 'api'), { recursive: true });
    schema('src');
    expect([appSourceDir(dir), hasContentTypes(dir)]).to.deep.equal([path.join(dir, 'src'), true]);
  });

  it('refuses to serve a folder without content-types, naming where it looked', () => {
    fs.mkdirSync(path.join(dir, 'src', 'components'), { recursive: true });
    let caught: unknown;
    try {
      assertServableApp(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(BootError);
    expect((caught as BootError).message).to.equal(
      `The app folder ${dir} has no content-types: none in api/<api>/content-types/<type>/schema.json nor in src/api/<api>/content-types/<type>/schema.json (is --app the folder holding config/ and src/ or api/?)`,
    );
  });
});
