/**
 * `strapi::errors`: the one place errors become the REST envelope, and a response nobody
 * answered becomes the 404. Headers an inner middleware attached to the error (CORS keeps its
 * headers on error answers this way) are kept on the answer.
 */
import type Koa from 'koa';
import { ApplicationError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { toErrorBody } from './error-envelope';
import { isStatementTimeout, StatementTimeoutError } from '../database/statement-timeout';
import type { Logger } from '../base/logger';

export function errorEnvelope(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // The one place a 404 is made: no route matched, or a route's handler produced nothing.
      if (ctx.status === 404 && ctx.body == null) throw new NotFoundError();
    } catch (raw) {
      const error = normalizeHttpError(raw);
      const { status, body, internal } = toErrorBody(error);
      if (internal) logger.error(`${ctx.method} ${ctx.originalUrl} failed${ctx.state.requestId ? ` (request ${String(ctx.state.requestId)})` : ''}`, raw);
      const headers = (raw as { headers?: Record<string, string> } | null)?.headers;
      if (headers && typeof headers === 'object') ctx.set(headers);
      ctx.status = status;
      ctx.body = body;
    }
  };
}

/** Errors thrown by koa-body, http-errors and friends become typed errors. */
export function normalizeHttpError(error: unknown): unknown {
  if (error instanceof ApplicationError) return error;
  // cancelled by the database past `database.statementTimeout`: the client may try again later
  if (isStatementTimeout(error)) return new StatementTimeoutError();
  const e = error as { status?: number; statusCode?: number; type?: string; message?: string; name?: string } | null;
  const status = e?.status ?? e?.statusCode;
  if (status === 413 || e?.type === 'entity.too.large') return new PayloadTooLargeError();
  if (e?.name === 'SyntaxError' || e?.type === 'entity.parse.failed') {
    const err = new ValidationError(e?.message ?? 'Malformed JSON body');
    err.name = 'SyntaxError';
    return err;
  }
  if (status && status >= 400 && status < 500) {
    const err = new ApplicationError(e?.message ?? 'Bad Request');
    err.status = status;
    err.name = e?.name && e.name !== 'Error' ? e.name : 'BadRequestError';
    return err;
  }
  return error;
}
