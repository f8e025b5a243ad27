/**
 * What "the same answer" means across databases: status and body byte for byte (key order
 * included, as a client sees it), except the values of createdAt and updatedAt, which are
 * clock readings of each app. `publishedAt` is compared as is: the seed sets it explicitly.
 */
import type { HttpResponse, TestApp } from '../helpers/app';

export interface Answer {
  client: string;
  status: number;
  /** normalized JSON text of the body */
  body: string;
}

const CLOCK_KEYS = new Set(['createdAt', 'updatedAt']);

export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = CLOCK_KEYS.has(key) && typeof inner === 'string' ? '<time>' : normalize(inner);
    return out;
  }
  return value;
}

export function toAnswer(client: string, res: HttpResponse): Answer {
  return { client, status: res.status, body: JSON.stringify(normalize(res.body)) };
}

/** Sends one request to every app at once. */
export async function askAll<const A extends readonly TestApp[]>(apps: A, method: string, url: string, body?: unknown): Promise<{ -readonly [K in keyof A]: Answer }> {
  const answers = await Promise.all(apps.map(async (app) => toAnswer(app.database.client, await app.request(method, url, body))));
  return answers as { -readonly [K in keyof A]: Answer }; // one answer per app, in order
}

const trim = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** Where two JSON texts first differ, with some context, so a report is readable. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const from = Math.max(0, i - 120);
  return `at char ${i}:\n      ${a.slice(from, i + 160)}\n   vs ${b.slice(from, i + 160)}`;
}

/** null when every answer equals the first; otherwise a readable description of the split. */
export function divergence(request: string, answers: Answer[]): string | null {
  const [first, ...rest] = answers;
  if (!first) return null;
  const others = rest.filter((a) => a.status !== first.status || a.body !== first.body);
  if (others.length === 0) return null;
  const lines = [`${request}`];
  for (const a of answers) lines.push(`  ${a.client}: ${a.status} ${trim(a.body)}`);
  for (const a of others) if (a.status === first.status) lines.push(`  ${first.client} vs ${a.client} ${firstDifference(first.body, a.body)}`);
  return lines.join('\n');
}

/** A 500 (or anything but 200 and a 400 or 404 envelope) on any database. */
export function badStatus(request: string, answers: Answer[]): string | null {
  for (const a of answers) {
    if (a.status === 200) continue;
    if (a.status === 400 || a.status === 404) {
      const body = JSON.parse(a.body) as { data?: unknown; error?: { status?: number; name?: string } };
      if (body.data === null && body.error?.status === a.status && typeof body.error.name === 'string') continue;
    }
    return `${request}\n  ${a.client}: ${a.status} ${trim(a.body)}`;
  }
  return null;
}
