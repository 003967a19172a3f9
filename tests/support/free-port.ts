import { createServer } from "node:net";

/**
 * A port nobody is listening on right now (a server binds it a moment later; a clash makes it fail fast). It is
 * taken below the range the OS hands out for outgoing connections, so a killed server's port stays free for it
 * to start on again.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}
