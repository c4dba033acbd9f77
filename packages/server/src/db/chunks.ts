/**
 * `items` cut into consecutive slices of at most `size` (the last may be shorter; none for no
 * items): how batched statements stay under SQLite's and PostgreSQL's parameter limits.
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
