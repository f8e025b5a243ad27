import { expect } from 'chai';
import { BootError, InternalError } from '../errors';
import { Registry } from './registry';

describe('Registry', () => {
  it('returns what was added, in insertion order', () => {
    const registry = new Registry<number>('service');
    registry.add('plugin::a.one', 1);
    registry.add('api::b.two', 2);
    expect(registry.get('plugin::a.one')).to.equal(1);
    expect(registry.find('api::b.two')).to.equal(2);
    expect(registry.has('api::b.two')).to.equal(true);
    expect(registry.keys()).to.deep.equal(['plugin::a.one', 'api::b.two']);
    expect(registry.entries()).to.deep.equal([
      ['plugin::a.one', 1],
      ['api::b.two', 2],
    ]);
  });

  it('rejects a duplicate uid', () => {
    const registry = new Registry<number>('service');
    registry.add('plugin::a.one', 1);
    expect(() => registry.add('plugin::a.one', 2)).to.throw(BootError, 'service "plugin::a.one" is already registered');
    expect(registry.get('plugin::a.one')).to.equal(1);
  });

  it('names the kind and uid of an unknown entry, and find() returns undefined', () => {
    const registry = new Registry<number>('controller');
    expect(() => registry.get('api::x.x')).to.throw(InternalError, 'No controller registered as "api::x.x"');
    expect(registry.find('api::x.x')).to.equal(undefined);
    expect(registry.has('api::x.x')).to.equal(false);
  });

  it('lets set() replace an entry before freeze', () => {
    const registry = new Registry<string>('controller');
    registry.add('api::a.a', 'core');
    registry.set('api::a.a', 'override');
    expect(registry.get('api::a.a')).to.equal('override');
  });

  it('refuses add() and set() once frozen, but still answers lookups', () => {
    const registry = new Registry<number>('policy');
    registry.add('global::is-owner', 1);
    registry.freeze();
    expect(() => registry.add('global::other', 2)).to.throw(BootError, 'Cannot add policy "global::other": the registry is frozen after register');
    expect(() => registry.set('global::is-owner', 3)).to.throw(BootError, 'Cannot set policy "global::is-owner": the registry is frozen after register');
    expect(registry.get('global::is-owner')).to.equal(1);
    expect(registry.keys()).to.deep.equal(['global::is-owner']);
  });

  it('gives the error codes REGISTRY_DUPLICATE, REGISTRY_UNKNOWN and REGISTRY_FROZEN', () => {
    const registry = new Registry<number>('service');
    registry.add('a', 1);
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as BootError | InternalError).code;
      }
      return null;
    };
    expect(codeOf(() => registry.add('a', 1))).to.equal('REGISTRY_DUPLICATE');
    expect(codeOf(() => registry.get('b'))).to.equal('REGISTRY_UNKNOWN');
    registry.freeze();
    expect(codeOf(() => registry.add('b', 1))).to.equal('REGISTRY_FROZEN');
  });
});
