/**
 * `platform::compression`: gzip or brotli answers for clients that accept them. Answers under
 * `threshold` bytes (4 KiB) go out as they are: the bench measured a single entry (2.3 KB)
 * shrinking by 0.85 KB for 70% more CPU per request, while a page of 25 entries (38 KB)
 * shrinks fourfold for 40% more. Brotli runs at quality 4, about as fast as gzip's
 * default and smaller; its default (11) is far too slow for dynamic answers.
 *
 * The API's answers are buffered JSON: they are compressed in one synchronous zlib call. The
 * bench measured koa-compress's stream (a zlib stream per answer, run on the thread pool) at
 * 10 to 50 times the CPU of that call for the same bytes, more than the bytes saved are worth.
 * Streams (files from public/) still go through koa-compress.
 */
import zlib from 'node:zlib';
import { Stream } from 'node:stream';
import type Koa from 'koa';
import compose from 'koa-compose';
import type koaCompress from 'koa-compress';

export interface CompressionConfig {
  /** bytes; smaller answers are not compressed (default 4096) */
  threshold?: number;
  /** false turns gzip off */
  gzip?: boolean;
  /** false turns brotli off */
  br?: boolean;
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/;
const UNCOMPRESSED_STATUSES = new Set([204, 205, 206, 304]);

function encoders(config: CompressionConfig): Array<[string, (input: Buffer) => Buffer]> {
  const out: Array<[string, (input: Buffer) => Buffer]> = [];
  if (config.br !== false) out.push(['br', (input) => zlib.brotliCompressSync(input, BROTLI)]);
  if (config.gzip !== false) out.push(['gzip', (input) => zlib.gzipSync(input)]);
  return out;
}

/** The buffered body as bytes, or null when it is a stream or empty. */
function bufferedBody(body: unknown): Buffer | null {
  if (body == null || body instanceof Stream) return null;
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}

function compressBuffered(config: CompressionConfig, threshold: number): Koa.Middleware {
  const available = encoders(config);
  const names = available.map(([name]) => name);
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || UNCOMPRESSED_STATUSES.has(ctx.status) || ctx.response.get('Content-Encoding')) return;
    if (!ctx.response.is('json', 'text') || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
    const body = bufferedBody(ctx.body);
    if (!body) return;
    ctx.vary('Accept-Encoding');
    if (body.length < threshold) return;
    const chosen = ctx.acceptsEncodings([...names, 'identity']);
    const encoder = available.find(([name]) => name === chosen);
    if (!encoder) return;
    ctx.body = encoder[1](body);
    ctx.set('Content-Encoding', encoder[0]);
  };
}

export function compression(config: CompressionConfig = {}): Koa.Middleware {
  const threshold = config.threshold ?? 4096;
  // required here, not at load: a server whose middleware list has no compression never needs it
  const compress = require('koa-compress') as typeof koaCompress;
  const streams = compress({ threshold, gzip: config.gzip === false ? false : {}, deflate: false, br: config.br === false ? false : BROTLI });
  // koa-compress runs outermost and leaves alone what the buffered step already encoded.
  return compose([streams, compressBuffered(config, threshold)]);
}
