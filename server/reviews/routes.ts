import { Hono } from "hono";
import { paramsOf } from "@shared/list-page";
import { REVIEW_LIST_PARAMS } from "@shared/list-choices";
import type { Services } from "../services";
import * as reviews from "../use-cases/reviews";
import { actorOf } from "./actor";
import { depsOf } from "./deps";
import { jsonBody } from "./body";
import { setPageHeaders } from "./list-headers";
import { reviewJson } from "./serialize";

export function reviewRoutes(services: Services) {
  return new Hono()
    .get("/", async (c) => {
      const page = await reviews.listReviews(services, paramsOf(new URL(c.req.url).searchParams, REVIEW_LIST_PARAMS));
      setPageHeaders(c, page);
      return c.json(page.items.map(reviewJson));
    })
    .post("/", async (c) => {
      const added = await reviews.addReview(depsOf(services, c), await actorOf(services.auth, c), await jsonBody(c));
      return c.json({ insertedId: added.id });
    });
}
