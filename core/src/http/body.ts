/**
 * `strapi::body`: request bodies, as Strapi v4's koa-body middleware reads them: co-body (which
 * koa-body is built on) for JSON, forms and text; the kernel's multipart reader (./multipart.ts)
 * when `multipart` is on, in the shape koa-body gives and within the `formidable` options Strapi
 * apps configure (./multipart-options.ts). koa-body adds nothing else but a validation of its
 * own options that brings zod and type-fest into production. Then the depth bound of
 * ./body-depth.ts. A body whose Content-Encoding does not decode (corrupt or truncated gzip,
 * deflate or br) is the client's mistake, a 400; an encoding the server does not know is a 415.
 */
import type Koa from 'koa';
import type CoBody from 'co-body';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors';
import { limitBodyDepth } from './body-depth';
import { readMultipart, removeFiles } from './multipart';
import { formidableOptions, koaBodyShape, multipartError } from './multipart-options';
import type { UploadedFile } from './types';

export interface BodyConfig {
  jsonLimit?: string | number;
  formLimit?: string | number;
  textLimit?: string | number;
  /** parse multipart/form-data (files go to the temporary folder, removed once the route has run); default false */
  multipart?: boolean;
  /** the bounds of multipart bodies, named as formidable (Strapi v4's parser) names them: maxFileSize, uploadDir, ... */
  formidable?: Record<string, unknown>;
  /** keep the raw text of JSON, form and text bodies in `ctx.request.rawBody` (and `body[Symbol.for('unparsedBody')]`) */
  includeUnparsed?: boolean;
}

/** what this middleware adds to koa's request (RequestContext in ./types.ts declares it for handlers) */
interface ParsedRequest {
  body?: unknown;
  rawBody?: string;
  files?: Record<string, UploadedFile | UploadedFile[]>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** koa-body's defaults, so a Strapi client sending any of these gets the same body */
const JSON_TYPES = ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report', 'application/reports+json'];
const FORM_TYPES = ['urlencoded'];
const TEXT_TYPES = ['text/*'];
const MULTIPART_TYPES = ['multipart'];

/** co-body and what it reads bodies with (raw-body, iconv-lite): loaded by the first request that has a body, not at start-up */
let coBodyModule: typeof CoBody | undefined;
const coBody = (): typeof CoBody => {
  coBodyModule ??= require('co-body') as typeof CoBody;
  return coBodyModule;
};

export function bodyParser(config: BodyConfig, defaultLimit: string): Koa.Middleware {
  const depth = limitBodyDepth();
  const returnRawBody = config.includeUnparsed ?? false;
  const multipartOptions = formidableOptions(config.formidable ?? {});
  const read = async (ctx: Koa.Context, written: UploadedFile[]): Promise<void> => {
    const request = ctx.request as ParsedRequest;
    if (ctx.is(JSON_TYPES)) {
      request.body = await coBody().json(ctx, { limit: config.jsonLimit ?? defaultLimit, strict: true, returnRawBody });
    } else if (ctx.is(FORM_TYPES)) {
      request.body = await coBody().form(ctx, { limit: config.formLimit ?? defaultLimit, returnRawBody });
    } else if (ctx.is(TEXT_TYPES)) {
      request.body = await coBody().text(ctx, { limit: config.textLimit ?? defaultLimit, returnRawBody });
    } else if (config.multipart && ctx.is(MULTIPART_TYPES)) {
      const parts = await readMultipart(ctx.req, multipartOptions).catch((error: unknown) => {
        throw multipartError(error, multipartOptions);
      });
      written.push(...parts.files);
      const { body, files } = koaBodyShape(parts);
      request.body = body;
      request.files = files;
      return;
    } else {
      return;
    }
    if (returnRawBody) unpackRaw(request);
  };
  const readThenRun = async (ctx: Koa.Context, next: Koa.Next): Promise<void> => {
    const written: UploadedFile[] = [];
    try {
      try {
        await read(ctx, written);
      } catch (error) {
        throw decodingError(error, ctx.get('Content-Encoding')) ?? error;
      }
      await depth(ctx, next);
    } finally {
      // The route has run: its files are where it put them, the rest go, before the answer is
      // sent. A body that failed left nothing: the reader removed its files before it rejected.
      await removeFiles(written);
    }
  };
  // Plain (not async): a request without a body (GET) costs no promise of its own here.
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? readThenRun(ctx, next) : next());
}

/**
 * co-body answers `{ parsed, raw }` when asked for the raw text; koa-body (and so Strapi)
 * exposes the parsed body, with the raw text under `Symbol.for('unparsedBody')` and `rawBody`.
 */
function unpackRaw(request: ParsedRequest): void {
  const { parsed, raw } = request.body as { parsed: unknown; raw: string };
  request.body = parsed;
  request.rawBody = raw;
  if (parsed !== null && typeof parsed === 'object') Object.defineProperty(parsed, Symbol.for('unparsedBody'), { value: raw });
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
