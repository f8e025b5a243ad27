/**
 * `platform::compression`: gzip or brotli answers with koa-compress, for clients that accept
 * them. Answers under `threshold` bytes go out as they are: compressing a small JSON answer
 * costs more CPU than the bytes it saves (see the bench's `compression` figures). Brotli runs
 * at quality 4, where it is about as fast as gzip's default and smaller; the library's default
 * (11) is far too slow for dynamic answers.
 */
import zlib from 'node:zlib';
import type Koa from 'koa';
import compress from 'koa-compress';

export interface CompressionConfig {
  /** bytes; smaller answers are not compressed (default 1024) */
  threshold?: number;
  /** false turns gzip off */
  gzip?: boolean;
  /** false turns brotli off */
  br?: boolean;
}

export function compression(config: CompressionConfig = {}): Koa.Middleware {
  return compress({
    threshold: config.threshold ?? 1024,
    gzip: config.gzip === false ? false : {},
    deflate: false,
    br: config.br === false ? false : { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
