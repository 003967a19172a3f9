import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs a query synchronously on the event loop and resolves it as a microtask, so queries queued behind one
 * another (each request's next one behind the others') all run before the loop reads a socket again. Under a rush
 * the requests inside the store kept the loop to themselves while the others waited unread: on the bench's order
 * load at 50 connections, 2–4 % of orders waited over 10 s. Each query outside a transaction now waits one turn of
 * the loop first, so requests are read as they come: twice the orders a second at half the CPU per order, none past
 * 10 s (docs/decisions/0050-embedded-queries-take-turns.md). A transaction's queries run without a break: it holds
 * the database's one connection.
 */
export function takeTurns(client: PGlite): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.query = (async (...args: unknown[]) => {
    await nextTurn();
    return query(...args);
  }) as PGlite["query"];
}
