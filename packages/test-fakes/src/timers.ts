/**
 * Real-time waiting for tests that fake the timers: `setTimeout` as it was when this module loaded
 * (before any test calls `vi.useFakeTimers`), and a poll that waits in real time, without moving a
 * faked clock, until a check passes. Shared by the app's and the React SDK's component tests.
 */

/** The real `setTimeout`, taken before any test fakes the timers. */
export const realSetTimeout: typeof globalThis.setTimeout = globalThis.setTimeout;

/**
 * Polls `check` every 5 ms of real time, each wait run through `wrap` (React Testing Library's
 * `act`, so the updates it causes are flushed), until it returns without throwing; answers what it
 * returned. After 400 tries (about 2 s) it throws the check's last error.
 */
export async function waitInRealTime<T>(
  check: () => T,
  wrap: (run: () => Promise<unknown>) => Promise<unknown>,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    await wrap(() => new Promise((resolve) => realSetTimeout(resolve, 5)));
    try {
      return check();
    } catch (error) {
      if (tries >= 400) throw error;
    }
  }
}
