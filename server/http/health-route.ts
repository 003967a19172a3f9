import { sql } from "drizzle-orm";
import { z } from "zod";
import { apiCall, json } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { readinessOf } from "./readiness";

const Health = named("Health", z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }));
const Readiness = named(
  "Readiness",
  z.object({ status: z.enum(["ready", "starting", "draining", "database unreachable"]) }),
);

/** Whether the process and its database answer, and whether this copy should be sent requests. */
export const healthCalls = [
  apiCall({
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    tag: "health",
    summary: "Check the server and its database",
    who: "anyone",
    session: "none",
    answers: { 200: json(Health, "The database answered.") },
    handler: async (c) => {
      const { database } = c.get("services");
      await database.db.execute(sql`select 1`);
      return c.json({ status: "ok", database: database.kind });
    },
  }),
  apiCall({
    method: "get",
    path: "/api/ready",
    operationId: "getReadiness",
    tag: "health",
    summary: "Whether this copy should be sent requests",
    description:
      "For a load balancer's health check: 503 while the server starts (migrations, demo data), while its " +
      "database cannot be reached, and from the moment SIGTERM begins its drain.",
    who: "anyone",
    session: "none",
    answers: {
      200: json(Readiness, 'Ready: `{status: "ready"}`.'),
      503: json(Readiness, "Not now: `starting`, `draining` or `database unreachable`."),
    },
    handler: async (c) => {
      c.header("Cache-Control", "no-store");
      const { status, httpStatus, note } = await readinessOf(c.get("readiness"), c.get("services").database);
      if (note) c.set("answeredOnPurpose", note);
      return c.json({ status }, httpStatus);
    },
  }),
];
