/**
 * The candidate nearest to a name, by edit distance, to point at a likely typo
 * (`seoo` → `seo`). Ties go to the first candidate, so the answer does not
 * depend on anything but the order given.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance (insertions, deletions and substitutions each cost one). */
export function editDistance(a: string, b: string): number {
  // previous and current hold b.length + 1 entries each: every index below is in range
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      // biome-ignore lint/style/noNonNullAssertion: previous and current hold b.length + 1 entries: every index here is in range
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  // biome-ignore lint/style/noNonNullAssertion: previous holds b.length + 1 entries
  return previous[b.length]!;
}
