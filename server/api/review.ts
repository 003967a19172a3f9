import { Hono } from "hono";
import type { Db } from "../db/client";
import { listReviews } from "../domain/reviews";
import { reviewJson } from "./serialize";

export function reviewRoutes(db: Db) {
  return new Hono().get("/", async (c) => c.json((await listReviews(db)).map(reviewJson)));
}
