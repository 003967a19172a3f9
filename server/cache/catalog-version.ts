import type { Database } from "../db/client";

/**
 * A counter of changes to the catalog (products and reviews): what the product list and the public pages show.
 * Anything cached is kept with the count it was read at and is stale once the count moves. While the database's
 * change feed is down (`live` false) nothing may be cached, since a change could go unseen.
 */
export class CatalogVersion {
  #current = 0;
  #live = false;

  get current() {
    return this.#current;
  }

  get live() {
    return this.#live;
  }

  bump() {
    this.#current++;
  }

  setLive(live: boolean) {
    this.#live = live;
    this.#current++;
  }
}

export const CATALOG_CHANNEL = "catalog_changed";

/** Follows the database's announcements of committed catalog changes (migration 0006), from any process. */
export function watchCatalog(database: Database): CatalogVersion {
  const version = new CatalogVersion();
  database.listen(CATALOG_CHANNEL, { notify: () => version.bump(), state: (live) => version.setLive(live) });
  return version;
}
