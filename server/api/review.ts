import { Hono } from "hono";
import type { Services } from "../services";
import * as reviews from "../use-cases/reviews";
import { actorOf } from "./actor";
import { depsOf } from "./deps";
import { jsonBody } from "./body";
import { reviewJson } from "./serialize";

export function reviewRoutes(services: Services) {
  return new Hono()
    .get("/", async (c) => c.json((await reviews.listReviews(services)).map(reviewJson)))
    .post("/", async (c) => {
      const added = await reviews.addReview(depsOf(services, c), await actorOf(services.auth, c), await jsonBody(c));
      return c.json({ insertedId: added.id });
    });
}
