/**
 * The GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * on the endpoint: an `operations` part (the JSON request), then a `map` part (which variables
 * each file part fills), then the file parts. The parts are read by the reader a plugin
 * registered (the upload plugin: the kernel's multipart reader within its size and count
 * bounds, files streamed to disk); this
 * module holds them to the spec's order and shape, with graphql-upload's messages, and puts a
 * FileUpload where the map says.
 *
 * Only a mutation is taken this way: the operation is checked as soon as `operations` arrives,
 * before any file is read. A browser may send a multipart form to any site without asking it
 * first; what such a form can do is bounded to a mutation run with the caller's own
 * credentials, which are never ambient here (a bearer header, no cookie).
 */
import { getOperationAST, type DocumentNode } from 'graphql';
import { isPlainObject, type RequestContext } from '@platform/core';
import { errors } from '../errors';
import { FileUpload } from './file-upload';
import { MAX_NESTING, nestingExceeds, parseDocument } from './parse-document';
import type { DisposableMultipartParts, MultipartReader, MultipartWatcher } from '../types';

const SPEC = '(https://github.com/jaydenseric/graphql-multipart-request-spec)';
/** never followed: writing there would change prototypes, not the request */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const invalid = (message: string) => errors.request('MULTIPART_INVALID', message, {});

export interface MultipartRequest {
  /** the request body as graphql-http takes it, the files in its variables */
  body: Record<string, unknown>;
  dispose(): Promise<void>;
}

function parseJsonField(parts: DisposableMultipartParts, name: 'operations' | 'map'): Record<string, unknown> {
  const values = parts.fields[name];
  if (!values || values.length === 0) throw invalid(`Missing multipart field ‘${name}’ ${SPEC}.`);
  if (values.length > 1) throw invalid(`Duplicate multipart field ‘${name}’ ${SPEC}.`);
  const text = values[0] as string;
  // a body's bounds, which the global parser did not apply to this part
  if (nestingExceeds(text)) throw invalid(`The ‘${name}’ multipart field is nested deeper than ${MAX_NESTING} levels.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(`Invalid JSON in the ‘${name}’ multipart field ${SPEC}.`);
  }
  if (name === 'operations' && Array.isArray(value)) throw invalid('Batched operations are not supported.');
  if (!isPlainObject(value)) throw invalid(`Invalid type for the ‘${name}’ multipart field ${SPEC}.`);
  return value;
}

/** A mutation, or a document that does not parse (graphql-http answers that one itself). */
function assertMutation(operations: string, maxTokens: number): void {
  let request: unknown;
  try {
    request = JSON.parse(operations);
  } catch {
    return;
  }
  if (!isPlainObject(request) || typeof request.query !== 'string') return;
  let document: DocumentNode;
  try {
    document = parseDocument(request.query, maxTokens);
  } catch {
    return;
  }
  const operation = getOperationAST(document, typeof request.operationName === 'string' ? request.operationName : undefined);
  if (operation && operation.operation !== 'mutation') throw invalid('A multipart request can only run a mutation.');
}

/** Holds the parts to the spec's order: `operations`, then `map`, then files. */
function orderWatcher(maxTokens: number): MultipartWatcher {
  const seen = new Set<string>();
  return (part) => {
    if (part.kind === 'file') {
      if (!seen.has('map')) throw invalid(`Misordered multipart fields; files should follow ‘map’ ${SPEC}.`);
      return;
    }
    if (part.name === 'operations') {
      if (seen.size > 0) throw invalid(`Misordered multipart fields; ‘operations’ should come first ${SPEC}.`);
      assertMutation(part.value ?? '', maxTokens);
    } else if (part.name === 'map' && !seen.has('operations')) {
      throw invalid(`Misordered multipart fields; ‘map’ should follow ‘operations’ ${SPEC}.`);
    }
    seen.add(part.name);
  };
}

/** Puts `file` where `path` (`variables.files.0`) points in `operations`: a `null` placeholder there. */
function place(operations: Record<string, unknown>, path: string, file: FileUpload, key: string, index: number): void {
  const fail = () => invalid(`Invalid object path for the ‘map’ multipart field entry key ‘${key}’ array index ‘${index}’ value ‘${path}’.`);
  const segments = path.split('.');
  if (segments.some((segment) => UNSAFE_KEYS.has(segment))) throw fail();
  let container: unknown = operations;
  for (const [position, segment] of segments.entries()) {
    if (!(Array.isArray(container) || isPlainObject(container)) || !Object.hasOwn(container, segment)) throw fail();
    const holder = container as Record<string, unknown>;
    if (position === segments.length - 1) {
      if (holder[segment] !== null) throw fail();
      holder[segment] = file;
    } else {
      container = holder[segment];
    }
  }
}

function toBody(parts: DisposableMultipartParts): Record<string, unknown> {
  const operations = parseJsonField(parts, 'operations');
  const map = parseJsonField(parts, 'map');
  const files = new Map(parts.files.map((file) => [file.fieldName, file]));
  for (const [key, paths] of Object.entries(map)) {
    if (!Array.isArray(paths)) throw invalid(`Invalid type for the ‘map’ multipart field entry key ‘${key}’ array ${SPEC}.`);
    const file = files.get(key);
    if (!file) throw invalid('File missing in the request.');
    const upload = new FileUpload(file);
    for (const [index, path] of paths.entries()) {
      if (typeof path !== 'string') throw invalid(`Invalid type for the ‘map’ multipart field entry key ‘${key}’ array index ‘${index}’ value ${SPEC}.`);
      place(operations, path, upload, key, index);
    }
  }
  return operations;
}

export async function readMultipartRequest(http: RequestContext, reader: MultipartReader | null, maxTokens: number): Promise<MultipartRequest> {
  if (!reader) throw invalid('File uploads are not accepted: no plugin handles them.');
  const parts = await reader(http, orderWatcher(maxTokens));
  try {
    return { body: toBody(parts), dispose: parts.dispose };
  } catch (error) {
    await parts.dispose();
    throw error;
  }
}
