import type { ChangeVersion } from "@server/cache/change-version";
import type { TestContext } from "./test-app";

/**
 * The catalog's change feed as a test waits on it. On PostgreSQL the store hears of a committed change by
 * NOTIFY on a connection of its own, some milliseconds later; a write made behind the store's back (straight to
 * the database, as another copy of the store or the operator's shell makes one) is seen by its caches only then.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the announcements of every change made so far have arrived: the version holds still and the feed is up. */
export async function catalogSettled(version: ChangeVersion): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (let before = -1; Date.now() < deadline;) {
    const now = version.current;
    if (now === before && version.live) return;
    before = now;
    await pause(100);
  }
  throw new Error("the catalog's change feed did not settle");
}

/** Waits until the store has heard of at least one change after the version `from`. */
export async function catalogMovedPast(version: ChangeVersion, from: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (version.current <= from) {
    if (Date.now() > deadline) throw new Error("the database did not announce the change to the catalog");
    await pause(2);
  }
}

/** A write to the catalog made behind the store's back, and its announcement heard by the test's store. */
export async function catalogChanged<T>(t: TestContext, write: () => PromiseLike<T>): Promise<T> {
  await catalogSettled(t.services.catalogVersion);
  const from = t.services.catalogVersion.current;
  const written = await write();
  await catalogMovedPast(t.services.catalogVersion, from);
  return written;
}
