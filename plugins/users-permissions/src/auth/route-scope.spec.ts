import { expect } from 'chai';
import { ApplicationError, type AuthState, type RouteDefinition } from '@platform/core';
import { bearerToken } from './bearer';
import { checkRouteScope, requiredActions } from './route-scope';

const ability = (...actions: string[]) => ({ can: (action: string) => actions.includes(action) });
const route = (handler: RouteDefinition['handler'], auth?: { scope?: string[] }): RouteDefinition => ({ method: 'GET', path: '/x', handler, config: auth ? { auth } : {} });

/** null when `fn` lets the caller through, else the status and message of its refusal. */
function thrown(fn: () => void): { status: number; message: string } | null {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).to.be.instanceOf(ApplicationError);
    return { status: (error as ApplicationError).status, message: (error as ApplicationError).message };
  }
}

describe('users-permissions route scope', () => {
  const publicCaller: AuthState = { strategy: 'users-permissions', credentials: null, ability: ability('api::a.a.find') };
  const token: AuthState = { strategy: 'api-token', credentials: { id: 1 }, ability: ability('api::a.a.find', 'x.y.z') };

  it('a route needs its scope when given, else its handler action; a function handler needs nothing named', () => {
    expect(requiredActions(route('api::a.a.find'))).to.deep.equal(['api::a.a.find']);
    expect(requiredActions(route('api::a.a.find', { scope: ['x.y.z'] }))).to.deep.equal(['x.y.z']);
    expect(requiredActions(route(() => null))).to.equal(null);
    expect(requiredActions(route(() => null, { scope: [] }))).to.deep.equal([]);
  });

  it("checks every strategy's ability the same way: 403 Forbidden when an action is missing", () => {
    expect(thrown(() => checkRouteScope(publicCaller, route('api::a.a.find')))).to.equal(null);
    expect(thrown(() => checkRouteScope(publicCaller, route('api::a.a.create')))).to.deep.equal({ status: 403, message: 'Forbidden' });
    expect(thrown(() => checkRouteScope(token, route('api::a.a.find', { scope: ['api::a.a.find', 'x.y.z'] })))).to.equal(null);
    expect(thrown(() => checkRouteScope(publicCaller, route('api::a.a.find', { scope: ['api::a.a.find', 'x.y.z'] })))).to.deep.equal({ status: 403, message: 'Forbidden' });
  });

  it('an empty scope lets any caller in; a function handler without scope needs credentials (401)', () => {
    expect(
      thrown(() =>
        checkRouteScope(
          publicCaller,
          route(() => null, { scope: [] }),
        ),
      ),
    ).to.equal(null);
    expect(
      thrown(() =>
        checkRouteScope(
          publicCaller,
          route(() => null),
        ),
      ),
    ).to.deep.equal({ status: 401, message: 'Unauthorized' });
    expect(
      thrown(() =>
        checkRouteScope(
          token,
          route(() => null),
        ),
      ),
    ).to.equal(null);
  });

  it('reads only `Bearer <token>` with exactly two parts, the scheme in any case', () => {
    expect(bearerToken('Bearer abc')).to.equal('abc');
    expect(bearerToken('bEaReR   abc ')).to.equal('abc');
    expect([bearerToken('abc'), bearerToken('Bearer a b'), bearerToken('Basic abc'), bearerToken(undefined), bearerToken(['Bearer a'])]).to.deep.equal([null, null, null, null, null]);
  });
});
