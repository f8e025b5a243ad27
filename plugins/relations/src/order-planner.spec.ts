import { expect } from 'chai';
import { ValidationError } from '@platform/core';
import { planPartial, planSet, sortConnect } from './order-planner';
import { parseRelationValue, type ConnectItem } from '@platform/query-engine';

function connectOf(value: unknown): ConnectItem[] {
  const input = parseRelationValue('tags', { connect: value });
  if (input.mode !== 'partial') throw new Error('expected a partial input');
  return input.connect;
}

function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

const stored = [
  { id: 1, order: 1 },
  { id: 2, order: 2 },
  { id: 3, order: 3 },
];

describe('relations: order planner', () => {
  it('appends at the end by default, after the last order', () => {
    const plan = planPartial(stored, connectOf([4, { id: 5 }]), []);
    expect(plan.list).to.deep.equal([...stored, { id: 4, order: 4 }, { id: 5, order: 5 }]);
    expect(plan.added).to.deep.equal([4, 5]);
    expect(plan.removed).to.deep.equal([]);
    expect(plan.reordered).to.deep.equal([]);
  });

  it('places before, after, start and end, each against the list as changed', () => {
    const plan = planPartial(
      stored,
      connectOf([
        { id: 4, position: { before: 2 } },
        { id: 5, position: { after: 4 } },
        { id: 6, position: { start: true } },
        { id: 7, position: { end: true } },
      ]),
      [],
    );
    expect(plan.list.map((l) => l.id)).to.deep.equal([6, 1, 4, 5, 2, 3, 7]);
    expect(plan.list.map((l) => l.order)).to.deep.equal([0, 1, 1.5, 1.75, 2, 3, 4]);
    expect(plan.reordered).to.deep.equal([]);
  });

  it('moves an already connected id given a position, and leaves it in place without one', () => {
    const moved = planPartial(stored, connectOf([{ id: 3, position: { start: true } }]), []);
    expect(moved.list).to.deep.equal([
      { id: 3, order: 0 },
      { id: 1, order: 1 },
      { id: 2, order: 2 },
    ]);
    expect(moved.reordered).to.deep.equal([3]);
    expect(moved.added).to.deep.equal([]);
    const kept = planPartial(stored, connectOf([1]), []);
    expect(kept.list).to.deep.equal(stored);
    expect(kept.reordered).to.deep.equal([]);
  });

  it('disconnects before connecting', () => {
    const plan = planPartial(stored, connectOf([{ id: 4, position: { after: 1 } }]), [2]);
    expect(plan.list).to.deep.equal([
      { id: 1, order: 1 },
      { id: 4, order: 2 },
      { id: 3, order: 3 },
    ]);
    expect(plan.removed).to.deep.equal([2]);
  });

  it('lets a position refer to an id connected later in the array', () => {
    const plan = planPartial([], connectOf([{ id: 8, position: { before: 9 } }, { id: 9 }]), []);
    expect(plan.list).to.deep.equal([
      { id: 8, order: 0 },
      { id: 9, order: 1 },
    ]);
  });

  it('renumbers when the stored orders are missing or no midpoint fits', () => {
    const plan = planPartial(
      [
        { id: 1, order: null },
        { id: 2, order: null },
      ],
      connectOf([{ id: 3, position: { after: 1 } }]),
      [],
    );
    expect(plan.list).to.deep.equal([
      { id: 1, order: 1 },
      { id: 3, order: 1.5 },
      { id: 2, order: 2 },
    ]);
    expect(plan.reordered).to.deep.equal([1, 2]);
    const tight = planPartial(
      [
        { id: 1, order: 1 },
        { id: 2, order: 1 + Number.EPSILON },
      ],
      connectOf([{ id: 3, position: { before: 2 } }]),
      [],
    );
    expect(tight.list).to.deep.equal([
      { id: 1, order: 1 },
      { id: 3, order: 2 },
      { id: 2, order: 3 },
    ]);
  });

  it('deduplicates a repeated id without positions, keeping the first', () => {
    expect(sortConnect(connectOf([4, 5, 4]), new Set()).map((i) => i.id)).to.deep.equal([4, 5]);
  });

  it('refuses a repeated id when positions are used', () => {
    const error = errorOf(() => sortConnect(connectOf([{ id: 4, position: { end: true } }, { id: 4 }]), new Set()));
    expect(error.message).to.equal('The relation with id 4 is already connected. You cannot connect the same relation twice.');
  });

  it('refuses a circular before/after', () => {
    const error = errorOf(() =>
      sortConnect(
        connectOf([
          { id: 4, position: { before: 5 } },
          { id: 5, position: { after: 4 } },
        ]),
        new Set(),
      ),
    );
    expect(error.message).to.equal('A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it');
    expect(() => sortConnect(connectOf([{ id: 4, position: { before: 4 } }]), new Set())).to.throw(ValidationError, 'circular');
  });

  it('refuses a position that names an id not connected, echoing the position as sent', () => {
    const error = errorOf(() => planPartial(stored, connectOf([{ id: 4, position: { before: '999' } }]), []));
    expect(error.message).to.equal('There was a problem connecting relation with id 4 at position {"before":"999"}. The relation with id 999 needs to be connected first.');
    // a disconnected id is not in the list any more
    expect(() => planPartial(stored, connectOf([{ id: 4, position: { after: 2 } }]), [2])).to.throw(ValidationError, 'needs to be connected first');
  });

  it('set replaces the list in the given order', () => {
    const plan = planSet(stored, [3, 5, 1, 3]);
    expect(plan.list).to.deep.equal([
      { id: 3, order: 1 },
      { id: 5, order: 2 },
      { id: 1, order: 3 },
    ]);
    expect(plan.removed).to.deep.equal([2]);
    expect(plan.added).to.deep.equal([5]);
    expect(plan.reordered).to.deep.equal([3, 1]);
  });
});
