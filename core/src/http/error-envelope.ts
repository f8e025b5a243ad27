/**
 * The one mapper from errors to the REST envelope `{ data: null, error: { status, name,
 * message, details } }`. Anything that is not an ApplicationError is an internal error whose
 * details never reach the client.
 */
import { ApplicationError } from '../errors';

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details?: Record<string, unknown> };
}

export function toErrorBody(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof ApplicationError) {
    // A body the JSON parser rejected carries no details, as in Strapi v4.
    const details = error.name === 'SyntaxError' ? undefined : (error.details ?? {});
    return {
      status: error.status,
      internal: false,
      body: { data: null, error: { status: error.status, name: error.name, message: error.message, ...(details ? { details } : {}) } },
    };
  }
  return {
    status: 500,
    internal: true,
    body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
  };
}
