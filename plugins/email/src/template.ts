/**
 * Strapi's email templates: `<%= user.username %>` placeholders filled from a data object. Strapi
 * compiles them with lodash's `template`, which runs any JavaScript between `<% %>` (the
 * cause of CVE-2023-22621); here a placeholder is only ever a path into the data, read, never
 * run. `<%= path %>` puts the value as it is (Strapi's interpolation), `<%- path %>` escapes it
 * for HTML. A placeholder whose path the data does not have, and any other `<% ... %>`, stays in
 * the text as written, as Strapi's strict interpolation leaves it.
 */

/** `<%= a.b[0].c %>` or `<%- a.b %>`: a path of names and indexes, nothing else. */
const PLACEHOLDER = /<%([=-])\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*)\s*%>/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The value at `path` in `data`, own properties only (never a prototype's); `found: false` when a step is missing. */
function lookup(data: unknown, path: string): { found: boolean; value?: unknown } {
  const steps = path.match(/[^.[\]]+/g) ?? [];
  let current: unknown = data;
  for (const step of steps) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return { found: false };
    current = (current as Record<string, unknown>)[step];
  }
  return { found: true, value: current };
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The template with each placeholder the data answers replaced by its value. */
export function renderTemplate(template: string, data: unknown): string {
  return template.replace(PLACEHOLDER, (whole, kind: string, path: string) => {
    const { found, value } = lookup(data, path);
    if (!found) return whole;
    return kind === '-' ? escapeHtml(asText(value)) : asText(value);
  });
}
