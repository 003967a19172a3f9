import type { IncomingMessage, ServerResponse } from "node:http";

/** A request's body as text, read whole. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A stand-in told to fall silent holds the connection for `holdMs`, then drops it; true when it did. */
export function heldSilent(res: ServerResponse, silent: { holdMs: number } | null): boolean {
  if (silent) setTimeout(() => res.destroy(), silent.holdMs);
  return silent !== null;
}
