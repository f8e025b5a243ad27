/** A list of exactly N items: `Tuple<number, 3>` is `[number, number, number]` (any length: `T[]`). */
export type Tuple<T, N extends number, R extends T[] = []> = number extends N ? T[] : R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/**
 * `make(0)`, `make(1)`, ... `make(n - 1)`, one after the other (each may write): their results
 * in order, typed one per index so that `const [a, b] = await times(2, ...)` are both present.
 */
export async function times<N extends number, T>(n: N, make: (i: number) => Promise<T>): Promise<Tuple<T, N>> {
  const out: T[] = [];
  for (let i = 0; i < n; i += 1) out.push(await make(i));
  return out as Tuple<T, N>; // n items, pushed above
}
