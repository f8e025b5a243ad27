import { expect } from 'chai';
import type { Logger, SchemaSet } from '@platform/core';
import { leaveOutDanglingInverseRelations } from './dangling-relations';

function contentType(uid: string, attributes: Record<string, unknown>) {
  return [uid, { uid, namespace: 'api', apiName: uid, schema: { attributes }, source: { file: `${uid}.json` } }] as const;
}

describe('relations mappedBy an attribute their target lacks', () => {
  it('are left out with a warning; one whose inverse exists, or whose target is unknown, stays for the schema check', () => {
    const schemas = {
      contentTypes: new Map([
        contentType('api::writer.writer', {
          name: { type: 'string' },
          posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'writer' },
          drafts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'author' },
          ghosts: { type: 'relation', relation: 'oneToMany', target: 'api::nothing.nothing', mappedBy: 'x' },
        }),
        contentType('api::post.post', { writer: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'posts' } }),
      ]),
      components: new Map(),
    } as unknown as SchemaSet;
    const warnings: string[] = [];
    leaveOutDanglingInverseRelations(schemas, { warn: (message: string) => warnings.push(message) } as unknown as Logger);
    expect(Object.keys(schemas.contentTypes.get('api::writer.writer')?.schema.attributes ?? {})).to.deep.equal(['name', 'posts', 'ghosts']);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^api::writer\.writer: attribute "drafts" is mappedBy "author" on api::post\.post, which has no such attribute; it is left out/);
  });
});
