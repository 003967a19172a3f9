import type { Deps } from "../context/deps";

/**
 * Waits for a write that changes what the catalog shows (products, their stock, reviews), then moves this
 * process's catalog version, so that its next read shows the change at once, before the database's announcement
 * of the commit arrives (server/cache/). A write that is refused changed nothing and moves nothing.
 */
export async function changingCatalog<T>(deps: Deps, change: Promise<T>): Promise<T> {
  const changed = await change;
  deps.catalogVersion.bump();
  return changed;
}
