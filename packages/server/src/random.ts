/**
 * Mulberry32: a small deterministic PRNG (same seed → same sequence on every process, machine and
 * dialect). Used for the seeded recommendation sample and by `pnpm bench` to scale the catalogue.
 * Not for anything secret.
 *
 * @param seed - any integer; only its low 32 bits are used
 * @returns a function giving numbers in [0, 1)
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
