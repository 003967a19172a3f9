interface Kept<V> {
  version: string;
  at: number;
  value: Promise<V>;
  /** The read has answered: an entry past its age is read again behind it rather than waited for. */
  settled: boolean;
  /** A read again of an entry past its age, under way. */
  refreshing: boolean;
}

/**
 * Values read from the database, kept while a version of what they were read from stays the same, and never
 * longer than `keepMs` (a version read with a weaker guarantee than the value's own is corrected that way). Requests
 * that arrive while a value is being read wait for the same read; a failed read is not kept. At most `maxEntries`
 * keys are kept; the oldest goes first.
 *
 * A value past `keepMs` whose version has not moved is still answered while one request's read replaces it behind
 * it: nobody waits for a read that age alone asked for (at 200,000 orders counting them all takes 150–300 ms, and
 * every admin arriving meanwhile would wait for it). What `keepMs` bounds, a change the version missed, is then seen
 * within `keepMs` and one read. A version that moved is always waited for.
 */
export class KeptWhileUnchanged<V> {
  readonly #kept = new Map<string, Kept<V>>();

  constructor(private readonly options: { keepMs: number; maxEntries: number }) {}

  /** The value of `key` read at `version`, read again with `read` when the version moved or the value is too old. */
  get(key: string, version: string, read: () => Promise<V>): Promise<V> {
    const entry = this.#kept.get(key);
    if (entry && entry.version === version) {
      if (Date.now() - entry.at < this.options.keepMs || !entry.settled) return entry.value;
      if (!entry.refreshing) this.#refresh(key, entry, read);
      return entry.value;
    }
    return this.#read(key, version, read).value;
  }

  #read(key: string, version: string, read: () => Promise<V>): Kept<V> {
    const value = read();
    const entry: Kept<V> = { version, at: Date.now(), value, settled: false, refreshing: false };
    this.#kept.delete(key);
    this.#kept.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => {
        if (this.#kept.get(key) === entry) this.#kept.delete(key);
      },
    );
    if (this.#kept.size > this.options.maxEntries) this.#kept.delete(this.#kept.keys().next().value!);
    return entry;
  }

  /** Reads an aged entry again; its answer takes the entry's place unless a newer version took it meanwhile. */
  #refresh(key: string, aged: Kept<V>, read: () => Promise<V>) {
    aged.refreshing = true;
    // As old as the moment the read began: what it answers may miss a change committed after that.
    const at = Date.now();
    const value = read();
    value.then(
      () => {
        if (this.#kept.get(key) !== aged) return;
        this.#kept.delete(key);
        this.#kept.set(key, { version: aged.version, at, value, settled: true, refreshing: false });
      },
      () => {
        // The next request reads afresh and meets the failure itself.
        if (this.#kept.get(key) === aged) this.#kept.delete(key);
      },
    );
  }
}

/** One cache per database: tests and the scale scripts run several stores in one process. */
export function perDatabase<D extends object, V>(make: () => KeptWhileUnchanged<V>) {
  const caches = new WeakMap<D, KeptWhileUnchanged<V>>();
  return (db: D): KeptWhileUnchanged<V> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = make()));
    return cache;
  };
}
