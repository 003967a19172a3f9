import pg from "pg";

export interface ChangeListener {
  /** A notification arrived on the channel (a change was committed). */
  notify(): void;
  /** Listening started (true) or stopped (false); while stopped, changes may be missed. */
  state(live: boolean): void;
}

const RETRY_MS = [100, 500, 1000, 5000];

/**
 * LISTEN on its own connection (a pooled one would be handed to queries), reconnecting after a failure; while
 * it is down the listener is told so and must not trust what it cached. Answers a function that stops it.
 */
export function listenPostgres(url: string, channel: string, listener: ChangeListener): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (why: string) => {
    if (!client) return;
    const broken = client;
    client = null;
    listener.state(false);
    broken.removeAllListeners();
    broken.on("error", () => {});
    void broken.end().catch(() => {});
    if (stopped) return;
    console.error(`[db] listening for ${channel} stopped (${why}); retrying.`);
    retry = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };

  async function connect() {
    const next = new pg.Client({ connectionString: url, application_name: "randa" });
    client = next;
    next.on("error", (err) => lost(err.message));
    next.on("end", () => lost("connection ended"));
    next.on("notification", (message) => {
      if (message.channel === channel) listener.notify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped || client !== next) return;
      failures = 0;
      listener.state(true);
    } catch (err) {
      if (client === next) lost(err instanceof Error ? err.message : String(err));
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = null;
    if (open) {
      open.removeAllListeners();
      open.on("error", () => {});
      await open.end().catch(() => {});
    }
  };
}
