import { expect } from 'chai';
import type { Field, Model } from '@platform/core';
import { buildDependencyGraph } from './dependencies';

function model(uid: string, fields: Array<Partial<Field> & { kind: Field['kind'] }>): Model {
  return { uid, fields: new Map(fields.map((field, i) => [`f${i}`, field as Field])) } as unknown as Model;
}

describe('cache dependencies', () => {
  const graph = buildDependencyGraph([
    model('api::post.post', [
      { kind: 'relation', target: 'api::tag.tag' },
      { kind: 'component', component: 'shared.seo' },
      { kind: 'extension', target: 'plugin::files.file' },
    ]),
    model('api::tag.tag', [{ kind: 'relation', target: 'api::post.post' }]),
    model('shared.seo', [{ kind: 'dynamiczone', components: ['shared.quote'] }]),
    model('shared.quote', []),
    model('plugin::files.file', []),
    model('plugin::auth.role', [{ kind: 'relation', target: 'plugin::auth.permission' }]),
    model('plugin::auth.permission', []),
  ]);

  it('an answer depends on every model it may populate, at any depth, cycles included', () => {
    expect(graph.reachable('api::tag.tag')).to.deep.equal(['api::post.post', 'api::tag.tag', 'plugin::files.file', 'shared.quote', 'shared.seo']);
    expect(graph.reachable('shared.quote')).to.deep.equal(['shared.quote']);
  });

  it('tells the models the content API shows from those it never shows', () => {
    expect(graph.shownByContentApi('plugin::files.file')).to.equal(true);
    expect(graph.shownByContentApi('shared.quote')).to.equal(true);
    expect(graph.shownByContentApi('plugin::auth.permission')).to.equal(false);
  });
});
