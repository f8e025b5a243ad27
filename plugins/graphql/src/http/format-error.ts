/**
 * The one mapper from errors to GraphQL `errors[]` entries, in Strapi v4's shape: each carries
 * `extensions.error = { name, message, details }` and `extensions.code`: `FORBIDDEN` for a
 * denial, `BAD_USER_INPUT` for a ValidationError, `STRAPI_<NAME>` for any other application
 * error; a document that does not parse or validate keeps GraphQL's message with
 * `GRAPHQL_PARSE_FAILED` / `GRAPHQL_VALIDATION_FAILED`; a null stored where the schema
 * promises a value (a row another tool wrote without a required attribute) keeps GraphQL's
 * message naming the field, as Strapi v4 answers it, and is a warning in the log; anything else
 * is `Internal Server Error` (`INTERNAL_SERVER_ERROR`), its message only in the log.
 */
import { ApplicationError, ForbiddenError, UnauthorizedError, ValidationError, type Logger } from '@platform/core';
import { GraphQLError } from 'graphql';
import snakeCase from 'lodash/snakeCase';

/** The same place in the document (locations, path), Strapi's message and extensions. */
function entry(error: GraphQLError, message: string, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions });
}

function applicationCode(error: ApplicationError): string {
  if (error instanceof ForbiddenError || error instanceof UnauthorizedError) return 'FORBIDDEN';
  if (error instanceof ValidationError || error.name === 'ValidationError') return 'BAD_USER_INPUT';
  return `STRAPI_${snakeCase(error.name).toUpperCase()}`;
}

/**
 * graphql-js's own error for a null in a non-null field: a plain Error (no class of its own),
 * told by its message, which names the type and field.
 */
const isMissingValue = (error: GraphQLError): boolean => error.message.startsWith('Cannot return null for non-nullable field ');

export function createErrorFormatter(log: Logger) {
  return (error: Error | GraphQLError): GraphQLError => {
    if (!(error instanceof GraphQLError)) {
      // the request itself is malformed (no query, bad variables...): graphql-http's own message
      return new GraphQLError(error.message, { extensions: { code: 'BAD_REQUEST' } });
    }
    const original = error.originalError;
    if (original instanceof ApplicationError) {
      const details = original.details ?? {};
      return entry(error, original.message, { error: { name: original.name, message: original.message, details }, code: applicationCode(original) });
    }
    if (original && !(original instanceof GraphQLError)) {
      // a scalar refusing a variable's value is the client's mistake, not ours
      if (!error.path) return entry(error, error.message, { code: 'BAD_USER_INPUT' });
      if (isMissingValue(error)) {
        log.warn(`GraphQL: ${error.message} (at ${error.path.join('.')}): the database holds null where the schema requires a value`);
        return entry(error, error.message, { code: 'INTERNAL_SERVER_ERROR' });
      }
      log.error(`GraphQL resolver failed at ${error.path.join('.')}`, original);
      return entry(error, 'Internal Server Error', { code: 'INTERNAL_SERVER_ERROR' });
    }
    const code =
      (error.extensions?.code as string | undefined) ?? (error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : error.path ? 'INTERNAL_SERVER_ERROR' : 'GRAPHQL_VALIDATION_FAILED');
    return entry(error, error.message, { ...error.extensions, code });
  };
}
