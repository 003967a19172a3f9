import type { ChangeVersion } from "./change-version";

interface Entry<V> {
  version: number;
  value: V;
}

/**
 * Values computed from what a change counter follows (the catalog, the delivery zones), kept until it moves. A
 * value read while a change was being committed is not kept (the count moved during the read), and concurrent
 * misses of one key share one read. At most `maxEntries` keys are kept; the oldest goes first.
 */
export class VersionedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #reading = new Map<string, { version: number; value: Promise<V | null> }>();

  constructor(
    private readonly version: ChangeVersion,
    private readonly maxEntries = 500,
  ) {}

  /** `read` answers null for a value that must not be kept (an error page, say); it is then read each time. */
  async get<R extends V | null>(key: string, read: () => Promise<R>): Promise<R> {
    const version = this.version.current;
    if (!this.version.live) return read();
    const entry = this.#entries.get(key);
    if (entry?.version === version) return entry.value as R;
    const pending = this.#reading.get(key);
    if (pending?.version === version) return pending.value as Promise<R>;

    const value = read();
    this.#reading.set(key, { version, value });
    try {
      const result = await value;
      if (result !== null && this.version.live && this.version.current === version) this.#keep(key, result, version);
      return result;
    } finally {
      if (this.#reading.get(key)?.value === value) this.#reading.delete(key);
    }
  }

  #keep(key: string, value: V, version: number) {
    this.#entries.delete(key);
    this.#entries.set(key, { version, value });
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

/** One cache per change counter, that is per app: tests run several stores in one process. */
export function perVersion<V>(maxEntries: number) {
  const caches = new WeakMap<ChangeVersion, VersionedCache<V>>();
  return (version: ChangeVersion): VersionedCache<V> => {
    let cache = caches.get(version);
    if (!cache) caches.set(version, (cache = new VersionedCache<V>(version, maxEntries)));
    return cache;
  };
}
