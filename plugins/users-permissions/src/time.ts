/** A stored datetime (a Date, an ISO string, epoch ms) as seconds since the epoch; null when unset. */
export function toSeconds(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const time = new Date(value as string).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}
