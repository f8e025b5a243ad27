/**
 * GraphQL documents parsed within bounds. graphql-js's parser recurses once per level of a
 * selection set, a list or an object value, so a document nested 10,000 deep overflows the
 * stack before its `maxTokens` bound is reached: a linear scan of the text refuses anything
 * nested deeper than MAX_NESTING first. Then the parser, with `maxTokens`. Each refusal is
 * GraphQL's syntax error (a 400).
 */
import { GraphQLError, parse, type DocumentNode, type Source } from 'graphql';

/**
 * The deepest nesting of braces, brackets and parentheses a document (or a JSON text of
 * variables) may have: many times what any real operation needs (`depthLimit` counts fields,
 * 10 by default), the same bound as a request body's.
 */
export const MAX_NESTING = 64;

/** Whether `text` (a GraphQL document or JSON) nests `{`, `[` and `(` deeper than `max`, outside strings and comments. */
export function nestingExceeds(text: string, max: number = MAX_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = text.startsWith('"""', i) ? endOfBlockString(text, i + 3) : endOfString(text, i + 1);
    } else if (c === 0x23 /* # */) {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i += 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */ || c === 0x28 /* ( */) {
      depth += 1;
      if (depth > max) return true;
    } else if ((c === 0x7d /* } */ || c === 0x5d /* ] */ || c === 0x29) /* ) */ && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}

/** The index of the closing quote of a string opened before `from` (or the end of its line). */
function endOfString(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return i;
}

/** The index of the last quote of a block string opened before `from`; `\"""` does not close it. */
function endOfBlockString(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (text.startsWith('\\"""', i)) i += 4;
    else if (text.startsWith('"""', i)) return i + 2;
    else i += 1;
  }
  return i;
}

export function parseDocument(source: string | Source, maxTokens: number): DocumentNode {
  if (nestingExceeds(typeof source === 'string' ? source : source.body)) throw new GraphQLError(`Syntax Error: Document nested deeper than ${MAX_NESTING} levels. Parsing aborted.`);
  return parse(source, { maxTokens });
}
