/**
 * `strapi::body`: request bodies with koa-body (JSON, forms, text, and multipart through
 * formidable when `multipart` is on), then the depth bound of ./body-depth.ts. A body whose
 * Content-Encoding does not decode (corrupt or truncated gzip, deflate or br) is the client's
 * mistake, a 400; an encoding the server does not know is a 415.
 */
import type Koa from 'koa';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors';
import { limitBodyDepth } from './body-depth';

export interface BodyConfig {
  jsonLimit?: string | number;
  formLimit?: string | number;
  textLimit?: string | number;
  /** parse multipart/form-data (files go to formidable's temporary folder); default false */
  multipart?: boolean;
  /** formidable's options for multipart bodies (maxFileSize, uploadDir, ...) */
  formidable?: Record<string, unknown>;
  includeUnparsed?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bodyParser(config: BodyConfig, defaultLimit: string): Koa.Middleware {
  let parse: Koa.Middleware | null = null;
  const depth = limitBodyDepth();
  const load = (): Koa.Middleware => {
    // koa-body (and the validation library it loads) is among the slowest modules to load, so
    // it is required on the first request that can carry a body rather than at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { koaBody } = require('koa-body') as typeof import('koa-body');
    return koaBody({
      jsonLimit: config.jsonLimit ?? defaultLimit,
      formLimit: config.formLimit ?? defaultLimit,
      textLimit: config.textLimit ?? defaultLimit,
      multipart: config.multipart ?? false,
      formidable: config.formidable,
      includeUnparsed: config.includeUnparsed ?? false,
      parsedMethods: [...BODY_METHODS] as never,
      onError: (error) => {
        throw error;
      },
    }) as unknown as Koa.Middleware;
  };
  return async (ctx, next) => {
    if (!BODY_METHODS.has(ctx.method)) return next();
    parse ??= load();
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
      });
    } catch (error) {
      throw decodingError(error, ctx.get('Content-Encoding')) ?? error;
    }
    if (parsed) await depth(ctx, next);
  };
}

/** The typed error for a body that could not be decoded, or null when `error` is about something else. */
function decodingError(error: unknown, encoding: string): Error | null {
  const e = error as { status?: number; code?: string; message?: string } | null;
  if (e?.status === 415) return new UnsupportedMediaTypeError(`Unsupported Content-Encoding: ${encoding}`);
  // zlib and brotli stream errors carry a code and no HTTP status.
  if (encoding && encoding !== 'identity' && e?.status === undefined && typeof e?.code === 'string') {
    return new BadRequestError(`The request body is not valid ${encoding}`);
  }
  return null;
}
