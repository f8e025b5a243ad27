/**
 * Parsed and validated documents, by query text. A client sends the same few queries again and
 * again; parsing one and running GraphQL's validation rules over it (the limits of ./limits.ts
 * among them: depth and cost depend on the document alone) took most of what the GraphQL layer
 * spent on a page of 25 entries. A text whose document passed validation is answered from here
 * next time; a text that does not parse or validate is never kept, so each of its requests
 * gets its errors as before. The cache is bounded in entries and in the length of the texts it
 * holds, least recently used first out, so a flood of distinct queries cannot grow it.
 */
import { validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';

export interface DocumentCacheLimits {
  /** documents kept at most */
  maxEntries: number;
  /** the query texts kept add up to at most this many characters */
  maxChars: number;
}

/** an app has few distinct queries; these bounds keep a flood of others to a few MB */
export const DEFAULT_DOCUMENT_CACHE_LIMITS: DocumentCacheLimits = { maxEntries: 500, maxChars: 1_000_000 };

export interface DocumentCache {
  /** graphql-http's `parse`: the kept document of `text`, else `parse(text)` */
  parse(text: string): DocumentNode;
  /** graphql-http's `validate`: nothing to report for a kept document, else GraphQL's validation (and the document is kept when it passes) */
  validate(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]): readonly GraphQLError[];
  /** documents kept now */
  readonly size: number;
}

/**
 * `parse` parses within the endpoint's bounds and throws GraphQL's syntax error. The schema and
 * rules given to `validate` must be the same on every call (one cache per endpoint): a kept
 * document was validated against them.
 */
export function createDocumentCache(parse: (text: string) => DocumentNode, limits: DocumentCacheLimits = DEFAULT_DOCUMENT_CACHE_LIMITS): DocumentCache {
  // a Map iterates in insertion order: re-inserting on use keeps the least recently used first
  const kept = new Map<string, DocumentNode>();
  const valid = new WeakSet<DocumentNode>();
  // the text each freshly parsed document came from, until it is validated
  const textOf = new WeakMap<DocumentNode, string>();
  let chars = 0;

  const keep = (text: string, document: DocumentNode) => {
    if (text.length > limits.maxChars) return;
    kept.set(text, document);
    chars += text.length;
    for (const [oldest] of kept) {
      if (kept.size <= limits.maxEntries && chars <= limits.maxChars) break;
      kept.delete(oldest);
      chars -= oldest.length;
    }
  };

  return {
    parse(text) {
      const known = kept.get(text);
      if (known) {
        kept.delete(text);
        kept.set(text, known);
        return known;
      }
      const document = parse(text);
      textOf.set(document, text);
      return document;
    },
    validate(schema, document, rules) {
      if (valid.has(document)) return [];
      const errors = validate(schema, document, rules);
      const text = textOf.get(document);
      if (errors.length === 0 && text !== undefined) {
        valid.add(document);
        keep(text, document);
      }
      return errors;
    },
    get size() {
      return kept.size;
    },
  };
}
