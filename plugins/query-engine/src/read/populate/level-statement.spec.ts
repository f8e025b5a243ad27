import { expect } from 'chai';
import { paddedLength } from './level-statement';
import { MAX_IDS_PER_QUERY } from './target-query';

describe('populate level statements', () => {
  it("pad a list of parent ids to the next power of two, at most one query's ids", () => {
    expect([1, 2, 3, 4, 5, 25, 64, 65, 2000].map(paddedLength)).to.deep.equal([1, 2, 4, 4, 8, 32, 64, 128, 2048]);
    expect(paddedLength(4097)).to.equal(MAX_IDS_PER_QUERY);
    expect(paddedLength(MAX_IDS_PER_QUERY)).to.equal(MAX_IDS_PER_QUERY);
  });
});
