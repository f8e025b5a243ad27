import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { thrownBy } from '../../../../../test/helpers/boot-error';
import { estimatedSize, Tally } from './budget';

const limits = (entries: number, bytes = Number.MAX_SAFE_INTEGER) => ({ entries, bytes });

const entry = (id: number) => ({ id });
const refusal = (fn: () => unknown): ValidationError => thrownBy(fn, ValidationError);

describe('populate budget (Tally)', () => {
  it('counts an entry once per place it appears, through every level', () => {
    // 2 roots; both link entry 10 and root 1 also links 11: 3 in the answer
    const level1 = Tally.root(limits(100), 2).next(
      [
        { owner: 1, entity: entry(10) },
        { owner: 2, entity: entry(10) },
        { owner: 1, entity: entry(11) },
      ],
      true,
    );
    expect(level1.weightOf(10)).to.equal(2);
    expect(level1.weightOf(11)).to.equal(1);
    // entry 10 appears twice, so its 3 children appear twice each
    const level2 = level1.next(
      [
        { owner: 10, entity: entry(20) },
        { owner: 10, entity: entry(21) },
        { owner: 10, entity: entry(22) },
        { owner: 11, entity: entry(20) },
      ],
      true,
    );
    expect(level2.weightOf(20)).to.equal(3);
    expect(level2.weightOf(21)).to.equal(2);
  });

  it('accepts exactly the limit and refuses one more, naming the limit and the config key', () => {
    const root = Tally.root(limits(5), 2);
    root.next(
      [
        { owner: 1, entity: entry(10) },
        { owner: 2, entity: entry(10) },
        { owner: 2, entity: entry(11) },
      ],
      true,
    );
    const error = refusal(() => root.next([{ owner: 1, entity: entry(12) }], true));
    expect(error.message).to.equal('Invalid parameter populate: the response would hold more than 5 entries (api.rest.maxPopulatedEntries)');
    expect(error.details).to.deep.equal({ limit: 5, key: 'api.rest.maxPopulatedEntries' });
  });

  it('a to-one attribute counts only the first entry per owner', () => {
    const root = Tally.root(limits(3), 2);
    // 2 roots + 1: the second entry of owner 1 is not in the answer
    root.next(
      [
        { owner: 1, entity: entry(10) },
        { owner: 1, entity: entry(11) },
      ],
      false,
    );
    expect(refusal(() => root.next([{ owner: 2, entity: entry(10) }], false)).message).to.contain('more than 3 entries');
  });

  it('a root level above the limit is refused', () => {
    expect(refusal(() => Tally.root(limits(3), 4)).message).to.contain('more than 3 entries');
  });

  it('estimates the JSON of an entry from its own values, and refuses past the size budget once per appearance', () => {
    const entity = { id: 1, title: 'x'.repeat(100), meta: { a: [1, 2] }, views: null };
    // 40 per entry, 8 and the key per value, the text, the JSON of the object
    expect(estimatedSize(entity)).to.equal(40 + (2 + 8) + (5 + 8 + 100) + (4 + 8 + 11) + (5 + 8));
    const size = estimatedSize(entity);
    // the root level's own size is not counted; the entity below 3 parents counts 3 times
    const root = Tally.root(limits(100, 3 * size), 3);
    root.next(
      [1, 2, 3].map((owner) => ({ owner, entity })),
      true,
    );
    const error = refusal(() => root.next([{ owner: 1, entity: { id: 2 } }], true));
    expect(error.message).to.equal(`The response would be larger than ${3 * size} bytes (api.rest.maxResponseBytes)`);
    expect(error.details).to.deep.equal({ limit: 3 * size, key: 'api.rest.maxResponseBytes' });
  });
});
