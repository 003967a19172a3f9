import { jsonInit } from "./accounts";
import { REQUEST_MS, type ApiServer } from "./api-servers";

// Orders sent to two servers at once while one of them is killed: what each request got back, and the retries a
// careful client makes with the same Idempotency-Key when it never heard an answer.

export interface Buyer {
  email: string;
  token: string;
}

export type Role = "A" | "B";

/** One order request, with the Idempotency-Key its client keeps for retrying it. */
export interface Attempt {
  key: string;
  buyer: Buyer;
  quantity: number;
  /** The server it is first sent to. */
  to: Role;
}

export type Outcome =
  | { kind: "answered"; status: number; insertedId?: string; message?: string; replayed: boolean }
  /** The connection failed before an answer came: the order may or may not have been placed. */
  | { kind: "lost"; error: string };

export type Answered = Extract<Outcome, { kind: "answered" }>;

/** The moment the server was killed, as its client saw it. */
export interface KillMoment {
  answered: number;
  /** Requests to it whose connection had already failed (there should be none before the kill). */
  lost: number;
  unanswered: number;
}

export async function postOrder(server: ApiServer, productId: string, a: Attempt): Promise<Outcome> {
  try {
    const headers = { Authorization: `Bearer ${a.buyer.token}`, "Idempotency-Key": a.key };
    const res = await fetch(`${server.base}/api/order`, {
      ...jsonInit("POST", { productId, quantity: a.quantity }, headers),
      signal: AbortSignal.timeout(REQUEST_MS),
    });
    const body = (await res.json()) as { insertedId?: string; message?: string };
    const replayed = res.headers.get("Idempotent-Replayed") === "true";
    return { kind: "answered", status: res.status, ...body, replayed };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { kind: "lost", error: `${String(err)} (${cause?.code ?? cause?.message ?? "no cause"})` };
  }
}

/**
 * Sends every attempt at once, each to its server, and SIGKILLs server A the moment it has answered `killAfter`
 * of its requests; the outcomes line up with the attempts.
 */
export async function ordersWithKill(
  servers: Record<Role, ApiServer>,
  productId: string,
  attempts: Attempt[],
  killAfter: number,
) {
  const toA = attempts.filter((a) => a.to === "A").length;
  let answeredByA = 0;
  let settledOnA = 0;
  let kill: KillMoment | undefined;
  const outcomes = await Promise.all(
    attempts.map(async (a) => {
      const outcome = await postOrder(servers[a.to], productId, a);
      if (a.to !== "A") return outcome;
      settledOnA++;
      if (outcome.kind === "answered") answeredByA++;
      if (!kill && answeredByA === killAfter) {
        servers.A.child.kill("SIGKILL");
        kill = { answered: answeredByA, lost: settledOnA - answeredByA, unanswered: toA - settledOnA };
      }
      return outcome;
    }),
  );
  return { outcomes, kill };
}

/**
 * Retries each lost attempt with its own key twice at once, on both servers, as a client that timed out and
 * tried again might; returns the pairs of outcomes by attempt index.
 */
export async function retryLost(
  servers: Record<Role, ApiServer>,
  productId: string,
  attempts: Attempt[],
  outcomes: Outcome[],
) {
  const lost = attempts.flatMap((a, i) => (outcomes[i]!.kind === "lost" ? [i] : []));
  const retried = await Promise.all(
    lost.map(async (i) => {
      const pair = await Promise.all([
        postOrder(servers.A, productId, attempts[i]!),
        postOrder(servers.B, productId, attempts[i]!),
      ]);
      return [i, pair] as const;
    }),
  );
  return new Map<number, Outcome[]>(retried);
}
