import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export type Phase = "starting" | "ready" | "draining";

/** How long the readiness answer waits for the database's `select 1` before calling it unreachable. */
const DATABASE_CHECK_MS = 2000;

/**
 * Whether this copy should be sent requests: not while it starts (migrations, demo data), not while its database
 * cannot be reached, and not once SIGTERM has begun the drain. A load balancer with health checks reads it at
 * GET /api/ready; GET /api/health stays the answer to "is the process alive".
 */
export interface Readiness {
  phase(): Phase;
  ready(): void;
  drain(): void;
}

export function createReadiness(phase: Phase = "starting"): Readiness {
  return {
    phase: () => phase,
    ready: () => {
      if (phase === "starting") phase = "ready";
    },
    drain: () => {
      phase = "draining";
    },
  };
}

/** What GET /api/ready answers: 200 `{status: "ready"}`, or 503 with the reason, and what its log line says. */
export async function readinessOf(readiness: Readiness, database: Database) {
  const phase = readiness.phase();
  // Starting and draining are states the store is meant to pass through, not failures to alert on.
  if (phase !== "ready") {
    return {
      status: phase,
      httpStatus: 503 as const,
      note: { level: "info" as const, message: `not ready: ${phase}` },
    };
  }
  if (await reachable(database)) return { status: "ready" as const, httpStatus: 200 as const };
  const note = { level: "warn" as const, message: "not ready: database unreachable" };
  return { status: "database unreachable" as const, httpStatus: 503 as const, note };
}

async function reachable(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  const check = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the port answers before the store is ready: 503 to everything (the readiness call says "starting"), so a
 * health check sees the process up and not yet serving, and nobody is served by half a store.
 */
export function startingListener(req: IncomingMessage, res: ServerResponse): void {
  const ready = req.url?.split("?")[0] === "/api/ready";
  const body = JSON.stringify(
    ready ? { status: "starting" } : { message: "The store is starting. Try again shortly." },
  );
  res.writeHead(503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": "5",
    "Cache-Control": "no-store",
  });
  res.end(body);
}
