/** The one rounding of a plugin's star average, shared by the square's cards and the ratings. */

/**
 * The mean of `count` ratings summing to `sum` stars, rounded to one decimal; null when there are
 * none (the plugin's `rating_count` / `rating_sum`, kept by the triggers of migration 0035).
 */
export function ratingAverage(count: number, sum: number): number | null {
  return count > 0 ? Math.round((Number(sum) * 10) / Number(count)) / 10 : null;
}
