/**
 * Retrying a unit of work that PostgreSQL aborted to break a lock cycle. Two statements that lock
 * the same rows in different orders (a sign-out revoking a whole token family while a refresh
 * holds one of its rows and revokes the family on reuse) can deadlock; PostgreSQL then aborts one
 * of them with SQLSTATE 40P01 (`deadlock_detected`), or 40001 (`serialization_failure`), and the
 * aborted one is safe to run again from the start (PostgreSQL manual, "Deadlocks", §13.3.4).
 * SQLite has a single writer and never raises these.
 */

/** SQLSTATE codes after which the whole unit of work may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Whether `error` is a PostgreSQL deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: unknown } | null)?.code as string);
}

/**
 * Runs `work`, running it again (up to `attempts` times in all, default 3) when PostgreSQL aborted
 * it as a deadlock victim or a serialization failure. `work` must be a whole transaction or a
 * single statement, so that an aborted attempt left nothing behind.
 * @throws the last error, or the first one that is not such a conflict
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
    }
  }
}
