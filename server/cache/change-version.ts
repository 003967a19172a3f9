import type { Database } from "../db/client";

/**
 * A counter of changes to some tables: the catalog's (products and reviews: what the product list and the public
 * pages show), or the delivery zones'. Anything cached is kept with the count it was read at and is stale once the
 * count moves. While the database's change feed is down (`live` false) nothing may be cached, since a change could
 * go unseen.
 */
export class ChangeVersion {
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
export const ZONES_CHANNEL = "zones_changed";

/** Follows the database's announcements of committed catalog changes (migration 0006), from any process. */
export const watchCatalog = (database: Database) => watchChanges(database, CATALOG_CHANNEL);

/** Follows the database's announcements of committed changes to the delivery zones (migration 0025). */
export const watchZones = (database: Database) => watchChanges(database, ZONES_CHANNEL);

function watchChanges(database: Database, channel: string): ChangeVersion {
  const version = new ChangeVersion();
  database.listen(channel, { notify: () => version.bump(), state: (live) => version.setLive(live) });
  return version;
}
