/**
 * Helpers of the compatibility tests: read the Strapi v4 transcript as data, and make two
 * responses comparable byte for byte (key order included) once their clock values are masked.
 */
import fs from 'node:fs';
import path from 'node:path';

export const TRANSCRIPT_FILE = process.env.STRAPI_TRANSCRIPT ?? path.join(__dirname, 'strapi-v4-transcript.md');

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const TIMESTAMP_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);
export const TIMESTAMP_PLACEHOLDER = '<timestamp>';

export interface TranscriptStep {
  title: string;
  method: string;
  /** path and query, without the origin */
  url: string;
  /** the raw request body, as curl sent it */
  body?: string;
  headers: Record<string, string>;
  status: number;
  /** the raw response text */
  response: string;
}

/** Splits a curl command line into words, honouring single quotes (the transcript's only quoting). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|(\S+)/g;
  // one of the two groups takes part in each match
  for (const match of line.matchAll(re)) words.push(match[1] ?? match[2] ?? '');
  return words;
}

function parseCurl(command: string): Pick<TranscriptStep, 'method' | 'url' | 'body' | 'headers'> {
  const words = shellWords(command);
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command}`);
  let method = 'GET';
  let url = '';
  let body: string | undefined;
  const headers: Record<string, string> = {};
  const argument = (flag: string, value: string | undefined): string => {
    if (value === undefined) throw new Error(`${flag} without a value: ${command}`);
    return value;
  };
  for (let i = 1; i < words.length; i += 1) {
    // biome-ignore lint/style/noNonNullAssertion: i < words.length
    const word = words[i]!;
    if (word === '-X') method = argument(word, words[++i]);
    else if (word === '-H') {
      const header = argument(word, words[++i]);
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === '-d') {
      body = words[++i];
      if (method === 'GET') method = 'POST';
    } else if (word === '-F') {
      body = words[++i];
      if (method === 'GET') method = 'POST';
    } else url = word;
  }
  return { method, url: url.replace(/^https?:\/\/[^/]+/, ''), body, headers };
}

/** Reads every `### title / $ curl ... / response / [HTTP nnn]` block of the transcript, in order. */
export function readTranscript(file = TRANSCRIPT_FILE): TranscriptStep[] {
  const lines = fs.readFileSync(path.resolve(file), 'utf8').split('\n');
  const steps: TranscriptStep[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    // biome-ignore lint/style/noNonNullAssertion: i < lines.length
    const heading = lines[i]!;
    if (!heading.startsWith('### ')) continue;
    const title = heading.slice(4).trim();
    const command = (lines[i + 1] ?? '').replace(/^\$ /, '');
    const responseLines: string[] = [];
    let j = i + 2;
    for (let line = lines[j]; line !== undefined && !/^\[HTTP \d{3}\]$/.test(line); line = lines[++j]) responseLines.push(line);
    const status = Number(/^\[HTTP (\d{3})\]$/.exec(lines[j] ?? '')?.[1]);
    if (!status) throw new Error(`transcript block "${title}" has no [HTTP nnn] line`);
    steps.push({ title, ...parseCurl(command), status, response: responseLines.join('\n').trim() });
    i = j;
  }
  return steps;
}

/**
 * Replaces every timestamp value of createdAt/updatedAt/publishedAt by a placeholder, keeping
 * key order, and returns the paths of values under those keys that are not ISO strings (or null
 * for publishedAt), so a caller can fail on them.
 */
export function maskTimestamps(value: unknown, bad: string[] = [], at = '$'): { value: unknown; bad: string[] } {
  const walk = (node: unknown, where: string): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${where}[${index}]`));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (TIMESTAMP_KEYS.has(key) && child !== null) {
        if (typeof child !== 'string' || !ISO_TIMESTAMP.test(child)) bad.push(`${where}.${key}=${JSON.stringify(child)}`);
        out[key] = typeof child === 'string' ? TIMESTAMP_PLACEHOLDER : child;
      } else out[key] = walk(child, `${where}.${key}`);
    }
    return out;
  };
  return { value: walk(value, at), bad };
}

/** JSON text of a body with its timestamps masked: compare two of these to check key order too. */
export function canonical(body: unknown): string {
  return JSON.stringify(maskTimestamps(body).value);
}

/** Every (path, timestamp) pair of a body, to compare which timestamps are equal to which. */
export function timestampsOf(value: unknown, at = '$', out: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) timestampsOf(item, `${at}[${index}]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (TIMESTAMP_KEYS.has(key) && typeof child === 'string') out.push([`${at}.${key}`, child]);
      else timestampsOf(child, `${at}.${key}`, out);
    }
  }
  return out;
}
