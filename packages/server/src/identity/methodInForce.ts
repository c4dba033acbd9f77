/**
 * The sign-in object of a directory method for the settings in force: the environment's, or the
 * back office's once saved (`identityCore.ts` applyDirectorySettings replaces the settings object),
 * made again at the first call after the settings changed, so a save needs no restart.
 */

/**
 * A function answering the sign-in of the settings `read()` gives now (undefined while there are
 * none), made with `make` when they are another object than last time.
 * @param initial - the sign-in made at start (its errors fail the start), if any
 */
export function methodInForce<C, S extends { readonly config: C }>(
  read: () => C | undefined,
  make: (config: C) => S,
  initial?: S,
): () => S | undefined {
  let current = initial;
  return () => {
    const config = read();
    if (config === undefined) return undefined;
    if (current?.config !== config) current = make(config);
    return current;
  };
}
