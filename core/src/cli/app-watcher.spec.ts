import path from 'node:path';
import { expect } from 'chai';
import { describeChanges, type FileChange } from './app-watcher';

const APP = '/srv/site';
const at = (event: FileChange['event'], relative: string): FileChange => ({ event, file: path.join(APP, relative) });

describe('describeChanges', () => {
  it('names each changed file relative to the app, with what happened to it', () => {
    expect(describeChanges(APP, [at('change', 'config/server.ts'), at('unlink', 'api/a/routes/a.ts')])).to.equal('config/server.ts changed, api/a/routes/a.ts deleted');
  });

  it('tells a new or deleted folder once, not each file in it', () => {
    expect(describeChanges(APP, [at('addDir', 'api/memo'), at('addDir', 'api/memo/content-types'), at('add', 'api/memo/content-types/memo/schema.json')])).to.equal('api/memo/ added');
    expect(describeChanges(APP, [at('unlink', 'api/memo/x.json'), at('unlinkDir', 'api/memo')])).to.equal('api/memo/ deleted');
  });

  it("leaves out an editor's temporary file written and renamed away in the same batch", () => {
    expect(describeChanges(APP, [at('add', 'api/n/sedX1'), at('unlink', 'api/n/sedX1'), at('change', 'api/n/schema.json')])).to.equal('api/n/schema.json changed');
  });

  it('names files outside the app (a local plugin) by their relative path, and counts past three', () => {
    expect(describeChanges(APP, [at('change', '../plugin/index.ts')])).to.equal('../plugin/index.ts changed');
    const many = ['a', 'b', 'c', 'd', 'e'].map((n) => at('change', `config/${n}.ts`));
    expect(describeChanges(APP, many)).to.equal('config/a.ts changed, config/b.ts changed, config/c.ts changed and 2 more');
  });
});
