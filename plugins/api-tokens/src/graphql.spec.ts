import { expect } from 'chai';
import type { PluginContext } from '@platform/core';
import { hideFromGraphql } from './graphql';

describe('api-tokens: the token types and the graphql plugin', () => {
  /** A context that lends only what hideFromGraphql asks of it, and records the switches. */
  const context = (graphqlEnabled: boolean, disabled: string[]) =>
    ({
      isEnabled: (name: string) => name === 'graphql' && graphqlEnabled,
      service: (uid: string) => {
        expect(uid).to.equal('plugin::graphql.extension');
        return { shadowCRUD: (type: string) => ({ disable: () => disabled.push(type) }) };
      },
    }) as unknown as PluginContext;

  it('switches both types off in the generated schema when graphql is enabled', () => {
    const disabled: string[] = [];
    hideFromGraphql(context(true, disabled));
    expect(disabled).to.deep.equal(['plugin::api-tokens.api-token', 'plugin::api-tokens.api-token-permission']);
  });

  it('asks nothing of graphql when it is not enabled', () => {
    const disabled: string[] = [];
    hideFromGraphql(context(false, disabled));
    expect(disabled).to.deep.equal([]);
  });
});
