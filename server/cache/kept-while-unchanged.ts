interface Kept<V> {
  version: string;
  at: number;
  value: Promise<V>;
}

/**
 * Values read from the database, kept while a version of what they were read from stays the same, and never
 * longer than `keepMs` (a version read with a weaker guarantee than the value's own is corrected that way). Requests
 * that arrive while a value is being read wait for the same read; a failed read is not kept. At most `maxEntries`
 * keys are kept; the oldest goes first.
 */
export class KeptWhileUnchanged<V> {
  readonly #kept = new Map<string, Kept<V>>();

  constructor(private readonly options: { keepMs: number; maxEntries: number }) {}

  /** The value of `key` read at `version`, read again with `read` when the version moved or the value is too old. */
  get(key: string, version: string, read: () => Promise<V>): Promise<V> {
    const entry = this.#kept.get(key);
    if (entry && entry.version === version && Date.now() - entry.at < this.options.keepMs) return entry.value;
    const value = read();
    this.#kept.delete(key);
    this.#kept.set(key, { version, at: Date.now(), value });
    value.catch(() => {
      if (this.#kept.get(key)?.value === value) this.#kept.delete(key);
    });
    if (this.#kept.size > this.options.maxEntries) this.#kept.delete(this.#kept.keys().next().value!);
    return value;
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
