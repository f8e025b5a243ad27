import { expect } from 'chai';
import { StatementShapes, type Statement } from './statements';
import { shapeKey } from './shape-key';

/** A build that records its calls and puts the id where `sql` says. */
function builder(make: (id: number) => Statement) {
  const calls: number[] = [];
  return {
    calls,
    build: (id: number) => {
      calls.push(id);
      return make(id);
    },
  };
}

describe('compiled statement shapes', () => {
  it('a fixed shape is built once, then its statement is reused', () => {
    const shapes = new StatementShapes();
    let built = 0;
    const build = () => {
      built += 1;
      return { sql: 'select * from a limit ?', bindings: [25] };
    };
    expect(shapes.fixed('k', build)).to.deep.equal({ sql: 'select * from a limit ?', bindings: [25] });
    expect(shapes.fixed('k', build)).to.deep.equal({ sql: 'select * from a limit ?', bindings: [25] });
    expect(built).to.equal(1);
  });

  it('an id shape runs the same SQL with the new id in each of its places', () => {
    const shapes = new StatementShapes();
    const { calls, build } = builder((id) => ({ sql: 'select * from a where id = ? and b = ? and c = ? limit ?', bindings: [id, 7, id, 1] }));
    expect(shapes.withId('k', 7, build)).to.deep.equal({ sql: 'select * from a where id = ? and b = ? and c = ? limit ?', bindings: [7, 7, 7, 1] });
    // built with the id and with another id, to find where the id goes
    expect(calls).to.deep.equal([7, 8]);
    expect(shapes.withId('k', 42, build)).to.deep.equal({ sql: 'select * from a where id = ? and b = ? and c = ? limit ?', bindings: [42, 7, 42, 1] });
    expect(shapes.withId('k', 1, build).bindings).to.deep.equal([1, 7, 1, 1]);
    expect(calls).to.deep.equal([7, 8]);
  });

  it('a shape whose SQL or other bindings change with the id is never kept', () => {
    const shapes = new StatementShapes();
    const text = builder((id) => ({ sql: id % 2 === 0 ? 'select 2 where id = ?' : 'select 1 where id = ?', bindings: [id] }));
    expect(shapes.withId('text', 7, text.build)).to.deep.equal({ sql: 'select 1 where id = ?', bindings: [7] });
    expect(shapes.withId('text', 10, text.build)).to.deep.equal({ sql: 'select 2 where id = ?', bindings: [10] });
    const derived = builder((id) => ({ sql: 'select 1 where id = ? and n = ?', bindings: [id, id * 2] }));
    expect(shapes.withId('derived', 3, derived.build).bindings).to.deep.equal([3, 6]);
    expect(shapes.withId('derived', 5, derived.build).bindings).to.deep.equal([5, 10]);
    const absent = builder(() => ({ sql: 'select 1', bindings: [] }));
    shapes.withId('absent', 3, absent.build);
    expect(shapes.count).to.equal(0);
  });

  it('a statement that is not reusable, or has no key, is built every time', () => {
    const shapes = new StatementShapes();
    let built = 0;
    const build = () => {
      built += 1;
      return { sql: 'select 1', bindings: [], reusable: false };
    };
    shapes.fixed('k', build);
    shapes.fixed('k', build);
    shapes.fixed(null, build);
    shapes.withId('i', 1, () => ({ sql: 'select ?', bindings: [1], reusable: false }));
    expect(built).to.equal(3);
    expect(shapes.count).to.equal(0);
  });

  it('keeps at most its size, dropping the oldest shape', () => {
    const shapes = new StatementShapes(2);
    const make = (sql: string) => () => ({ sql, bindings: [] });
    shapes.fixed('a', make('a'));
    shapes.fixed('b', make('b'));
    shapes.fixed('c', make('c'));
    expect(shapes.count).to.equal(2);
    expect(shapes.fixed('a', make('a again')).sql).to.equal('a again');
    expect(shapes.fixed('c', make('c again')).sql).to.equal('c');
  });
});

describe('shapeKey', () => {
  it('gives equal plain data the same key and different data different keys', () => {
    expect(shapeKey(['list', ['title'], { a: { $eq: 1 } }])).to.equal(shapeKey(['list', ['title'], { a: { $eq: 1 } }]));
    const values: unknown[] = [1, '1', true, 'true', null, 'null', [1], ['1'], { a: 1 }, { a: '1' }, { 'a"': 1 }, { a: [1, 2] }, { a: [12] }, ['a,b'], ['a', 'b'], [[]], [], {}, '', 0, 10, 1.5];
    const keys = values.map((value) => shapeKey(value));
    expect(keys).to.not.include(null);
    expect(new Set(keys).size).to.equal(values.length);
  });

  it('has no key for what a text would not name exactly', () => {
    for (const value of [new Date(0), undefined, [undefined], { a: undefined }, Number.NaN, Number.POSITIVE_INFINITY, -0, 1n, () => 1, Buffer.from('a'), new Map(), { a: Symbol('s') }]) {
      expect(shapeKey(value), String(value)).to.equal(null);
    }
    // a sparse array is not the array of its values
    const sparse: unknown[] = [];
    sparse[1] = 2;
    expect(shapeKey(sparse)).to.equal(null);
    // qs's objects have no prototype: still plain
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(shapeKey(bare)).to.equal(shapeKey({ a: 1 }));
  });

  it('an ids shape puts each id of the call in the places of its position', () => {
    const shapes = new StatementShapes();
    const calls: Array<readonly number[]> = [];
    const build = (ids: readonly number[]) => {
      calls.push(ids);
      return { sql: 'select * from a where b = ? and owner in (?, ?, ?) and c = ?', bindings: ['x', ...ids, ids[0]] };
    };
    expect(shapes.withIds('k', [4, 9, 2], build)).to.deep.equal({ sql: 'select * from a where b = ? and owner in (?, ?, ?) and c = ?', bindings: ['x', 4, 9, 2, 4] });
    // built with the ids and with negative stand-ins, one per position
    expect(calls).to.deep.equal([
      [4, 9, 2],
      [-1, -2, -3],
    ]);
    expect(shapes.withIds('k', [7, 7, 1], build).bindings).to.deep.equal(['x', 7, 7, 1, 7]);
    expect(shapes.withIds('k', [30, 20, 10], build).bindings).to.deep.equal(['x', 30, 20, 10, 30]);
    expect(calls).to.have.length(2);
  });

  it('an ids shape whose other bindings or SQL change with the ids is never kept', () => {
    const shapes = new StatementShapes();
    const summed = (ids: readonly number[]) => ({ sql: 'select ? where id in (?, ?)', bindings: [ids.reduce((a, b) => a + b, 0), ...ids] });
    expect(shapes.withIds('summed', [1, 2], summed).bindings).to.deep.equal([3, 1, 2]);
    expect(shapes.withIds('summed', [5, 6], summed).bindings).to.deep.equal([11, 5, 6]);
    const text = (ids: readonly number[]) => ({ sql: ids[0] && ids[0] > 0 ? 'select 1 where id in (?)' : 'select 2 where id in (?)', bindings: [...ids] });
    expect(shapes.withIds('text', [3], text).sql).to.equal('select 1 where id in (?)');
    expect(shapes.count).to.equal(0);
    expect(shapes.withIds(null, [3], text).bindings).to.deep.equal([3]);
    expect(shapes.count).to.equal(0);
  });
});
