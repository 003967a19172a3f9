import { paramsOf } from "@shared/list-page";
import { REVIEW_LIST_PARAMS } from "@shared/list-choices";
import { ReviewSchema } from "@shared/schemas/review";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { InsertedId } from "../openapi/common-answers";
import { BAD_INPUT, BAD_PAGE, PAGED, pageHeaders, pageQuery } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as reviews from "./reviews";
import { ReviewList, reviewJson } from "./wire";

export const reviewCalls = [
  apiCall({
    method: "get",
    path: "/api/review",
    operationId: "listReviews",
    tag: "reviews",
    summary: "List reviews",
    description: PAGED,
    who: "anyone",
    session: "none",
    query: pageQuery,
    answers: {
      200: json(ReviewList, "A page of the reviews, newest first, with each author's name and place.", pageHeaders),
      400: refused(BAD_PAGE),
    },
    handler: async (c) => {
      const page = await reviews.listReviews(
        c.get("ctx"),
        paramsOf(new URL(c.req.url).searchParams, REVIEW_LIST_PARAMS),
      );
      setPageHeaders(c, page);
      return c.json(page.items.map(reviewJson));
    },
  }),
  apiCall({
    method: "post",
    path: "/api/review",
    operationId: "addReview",
    tag: "reviews",
    summary: "Write a review",
    description: "The author comes from the session.",
    who: "signed in",
    session: "required",
    body: jsonInput(named("ReviewInput", ReviewSchema)),
    rate: "review",
    answers: {
      200: json(InsertedId, "The review's id."),
      400: refused(BAD_INPUT),
      403: refused("A cookie-carried write from another site."),
    },
    handler: async (c) => {
      const added = await reviews.addReview(c.get("ctx"), await jsonBody(c));
      return c.json({ insertedId: added.id });
    },
  }),
];
