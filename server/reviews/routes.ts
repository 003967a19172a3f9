import { Hono } from "hono";
import { paramsOf } from "@shared/list-page";
import { REVIEW_LIST_PARAMS } from "@shared/list-choices";
import type { Services } from "../services";
import * as reviews from "./reviews";
import { actorOf } from "../context/session-of";
import { depsOf } from "../context/deps-of";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { reviewJson } from "../openapi/serialize";

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
