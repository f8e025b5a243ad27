/** A list known to hold at least one item: its `[0]` is typed as present. */
export type NonEmpty<T> = [T, ...T[]];

export function isNonEmpty<T>(list: T[]): list is NonEmpty<T> {
  return list.length > 0;
}
