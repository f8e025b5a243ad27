/**
 * NUL characters in client input. No column of any of the three databases keeps one the same
 * way (PostgreSQL refuses it in text and in JSON outright, the others store it), so input
 * holding one is refused with a 400 wherever it enters, the same answer on every database.
 */

/** Whether a string, or any string or key of an object or array, holds a NUL character. Walks iteratively. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
