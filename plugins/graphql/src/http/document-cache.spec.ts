import { expect } from 'chai';
import { buildSchema, execute, GraphQLError, parse, specifiedRules, type DocumentNode, type OperationDefinitionNode, type ValidationContext } from 'graphql';
import { createDocumentCache } from './document-cache';

const schema = buildSchema('type Query { hello: String, answer: Int }');
const rules = specifiedRules;

/** a cache whose parses are counted */
function counted(limits?: { maxEntries: number; maxChars: number }) {
  const parsed: string[] = [];
  const cache = createDocumentCache((text) => {
    parsed.push(text);
    return parse(text);
  }, limits);
  /** what graphql-http does with a request's query: parse, then validate */
  const prepare = (text: string) => {
    const document = cache.parse(text);
    return { document, errors: cache.validate(schema, document, rules) };
  };
  return { cache, parsed, prepare };
}

describe('graphql document cache', () => {
  it('parses and validates a text once: a hit is the same document, with the same answer', async () => {
    const { cache, parsed, prepare } = counted();
    const first = prepare('{ hello answer }');
    const second = prepare('{ hello answer }');
    expect(parsed).to.deep.equal(['{ hello answer }']);
    expect(second.document).to.equal(first.document);
    expect(first.errors).to.deep.equal([]);
    expect(second.errors).to.deep.equal([]);
    expect(cache.size).to.equal(1);
    const run = (document: DocumentNode) => execute({ schema, document, rootValue: { hello: 'world', answer: 42 } });
    expect(JSON.stringify(await run(second.document))).to.equal(JSON.stringify(await run(first.document)));
    expect(JSON.stringify(await run(second.document))).to.equal('{"data":{"hello":"world","answer":42}}');
  });

  it('never keeps a document that fails validation: each request gets its errors again', () => {
    const { cache, parsed, prepare } = counted();
    const first = prepare('{ hello unknown }');
    const second = prepare('{ hello unknown }');
    expect(first.errors.map((error) => error.message)).to.deep.equal(['Cannot query field "unknown" on type "Query".']);
    expect(second.errors.map((error) => error.message)).to.deep.equal(['Cannot query field "unknown" on type "Query".']);
    expect(parsed).to.deep.equal(['{ hello unknown }', '{ hello unknown }']);
    expect(cache.size).to.equal(0);
  });

  it('never keeps a text that does not parse', () => {
    const { cache, parsed } = counted();
    expect(() => cache.parse('{ hello')).to.throw(/Syntax Error/);
    expect(() => cache.parse('{ hello')).to.throw(/Syntax Error/);
    expect(parsed).to.deep.equal(['{ hello', '{ hello']);
    expect(cache.size).to.equal(0);
  });

  it('a document refused by a rule of its own (as the depth and cost limits refuse) is refused again on the next request', () => {
    const { cache, prepare } = counted();
    const tooCostly = (context: ValidationContext) => ({
      OperationDefinition(node: OperationDefinitionNode) {
        context.reportError(new GraphQLError('too costly', { nodes: [node] }));
      },
    });
    const withLimit = [...rules, tooCostly];
    for (let i = 0; i < 2; i += 1) {
      const document = cache.parse('{ hello }');
      expect(cache.validate(schema, document, withLimit).map((error) => error.message)).to.deep.equal(['too costly']);
    }
    expect(cache.size).to.equal(0);
    // a document that did not come from the cache's parse is validated each time and never kept
    expect(prepare('{ answer }').errors).to.deep.equal([]);
    expect(cache.validate(schema, parse('{ hello }'), rules)).to.deep.equal([]);
    expect(cache.size).to.equal(1);
  });

  it('keeps at most maxEntries documents, the least recently used leaving first', () => {
    const { cache, parsed, prepare } = counted({ maxEntries: 2, maxChars: 1000 });
    prepare('{ hello }');
    prepare('{ answer }');
    prepare('{ hello }'); // used again: now the most recent
    prepare('{ hello answer }'); // evicts `{ answer }`
    expect(cache.size).to.equal(2);
    parsed.length = 0;
    prepare('{ hello }');
    prepare('{ hello answer }');
    expect(parsed).to.deep.equal([]);
    prepare('{ answer }');
    expect(parsed).to.deep.equal(['{ answer }']);
    expect(cache.size).to.equal(2);
  });

  it('keeps texts adding up to at most maxChars, and never one longer than that', () => {
    const { cache, prepare } = counted({ maxEntries: 100, maxChars: 20 });
    prepare('{ hello }'); // 9
    prepare('{ answer }'); // 10: 19 in all
    expect(cache.size).to.equal(2);
    prepare('{ hello answer }'); // 16: the two older ones leave
    expect(cache.size).to.equal(1);
    prepare(`{ hello ${' '.repeat(30)}}`);
    expect(cache.size).to.equal(1);
  });
});
