import type { RequestContext } from "../context/request-context";

/**
 * Waits for a write that changes what the catalog shows (products, their stock, reviews), then moves this
 * process's catalog version, so that its next read shows the change at once, before the database's announcement
 * of the commit arrives (server/cache/). A write that is refused changed nothing and moves nothing.
 */
export async function changingCatalog<T>(ctx: RequestContext, change: Promise<T>): Promise<T> {
  const changed = await change;
  ctx.catalogVersion.bump();
  return changed;
}
