/**
 * A POST to the GraphQL endpoint whose JSON body does not parse is answered in GraphQL's error
 * shape, `{ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }` with a 400, as
 * graphql-http answers a body it cannot read, not with the REST envelope: a GraphQL client
 * reads `errors`. The global body parser reads every body before any route runs, so this
 * middleware sits just before it in the global list and answers for the endpoint alone.
 */
import type { Middleware } from '@platform/core';

/** The JSON parser's refusal (co-body's: a SyntaxError it gave the status 400). */
function isUnparsableJson(error: unknown): error is SyntaxError {
  return error instanceof SyntaxError && (error as { status?: unknown }).status === 400;
}

export function graphqlBodyErrors(endpoint: string): Middleware {
  return async (http, next) => {
    if (http.path !== endpoint) return next();
    try {
      await next();
    } catch (error) {
      if (!isUnparsableJson(error)) throw error;
      http.status = 400;
      http.set('Content-Type', 'application/json; charset=utf-8');
      http.body = { errors: [{ message: `Unparsable JSON body: ${error.message}`, extensions: { code: 'BAD_REQUEST' } }] };
    }
  };
}
