/**
 * `strapi::body`'s multipart side in Strapi v4's terms: the `formidable` options an app
 * configures (Strapi v4's koa-body reads multipart with formidable) as the kernel reader's
 * bounds, with formidable's defaults; the parts in the shape koa-body gives them; and a refused
 * body as the envelope Strapi answers (413 past a bound, 400 for a body that is wrong).
 */
import { BadRequestError, PayloadTooLargeError } from '../errors';
import { groupBy } from '../util/group-by';
import { MultipartError, type MultipartOptions, type MultipartParts } from './multipart';
import type { UploadedFile } from './types';

/** The options the reader needs to word its refusals as formidable does. */
export interface BodyMultipartOptions extends MultipartOptions {
  allowEmptyFiles: boolean;
  /** the app's own `minFileSize`, which the reader's may raise to refuse empty files */
  configuredMinFileSize: number;
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && !Number.isNaN(value) ? value : fallback);

/**
 * The formidable options the reader honours: maxFileSize (per file, 200 MB), maxTotalFileSize
 * (all files, maxFileSize), minFileSize (1) and allowEmptyFiles (false), maxFiles (no bound),
 * maxFields (1000), maxFieldsSize (20 MB), uploadDir (the OS temporary folder) and
 * keepExtensions. Others (a hash, a filter, a write-stream handler) have no effect.
 */
export function formidableOptions(options: Record<string, unknown>): BodyMultipartOptions {
  const maxFileSize = numberOr(options.maxFileSize, 200 * 1024 * 1024);
  const maxFieldsSize = numberOr(options.maxFieldsSize, 20 * 1024 * 1024);
  const allowEmptyFiles = options.allowEmptyFiles === true;
  const configuredMinFileSize = numberOr(options.minFileSize, 1);
  return {
    maxFileSize,
    // formidable's total bound is its file bound unless set (a falsy value also means unset)
    maxTotalFileSize: numberOr(options.maxTotalFileSize || undefined, maxFileSize),
    minFileSize: allowEmptyFiles ? configuredMinFileSize : Math.max(1, configuredMinFileSize),
    maxFiles: numberOr(options.maxFiles, Number.POSITIVE_INFINITY),
    maxFields: numberOr(options.maxFields, 1000),
    maxFieldSize: maxFieldsSize,
    maxFieldsSize,
    uploadDir: typeof options.uploadDir === 'string' ? options.uploadDir : undefined,
    keepExtensions: options.keepExtensions === true,
    allowEmptyFiles,
    configuredMinFileSize,
  };
}

/** The typed error for a refused body; other errors (the disk's) stay what they are. */
export function multipartError(error: unknown, options: BodyMultipartOptions): unknown {
  if (!(error instanceof MultipartError)) return error;
  if (error.status === 413) return new PayloadTooLargeError();
  if (error.reason === 'minFileSize') {
    return new BadRequestError(
      error.received === 0 && !options.allowEmptyFiles
        ? 'options.allowEmptyFiles is false, file size should be greater than 0'
        : `options.minFileSize (${options.configuredMinFileSize} bytes) inferior, received ${error.received ?? 0} bytes of file data`,
    );
  }
  return new BadRequestError(error.message);
}

function singleOrList<T>(entries: Iterable<[string, T[]]>): Record<string, T | T[]> {
  // fromEntries defines properties: a part named `__proto__` stays a part
  // biome-ignore lint/style/noNonNullAssertion: [0] of a list of one
  return Object.fromEntries([...entries].map(([key, list]) => [key, list.length === 1 ? list[0]! : list]));
}

/** koa-body's shape: fields and files keyed by part name, a single value as itself and a repeated one as a list. */
export function koaBodyShape(parts: MultipartParts): { body: Record<string, string | string[]>; files: Record<string, UploadedFile | UploadedFile[]> } {
  const files = groupBy(
    parts.files,
    (file) => file.fieldName,
    (file) => file,
  );
  return { body: singleOrList(Object.entries(parts.fields)), files: singleOrList(files) };
}
