import { connect, createServer, type Server, type Socket } from "node:net";
import { freePort } from "./free-port";

/**
 * A TCP relay to PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore, on
 * the same port: the database "goes away" as a network failure would take it.
 */
export async function tcpRelay(host: string, port: number) {
  const listenPort = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(port, host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(listenPort, "127.0.0.1", () => resolve());
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await open();
  return { port: listenPort, cut: shut, restore: open, close: shut };
}
