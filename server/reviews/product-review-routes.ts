import { paramsOf } from "@shared/list-page";
import { PRODUCT_REVIEW_LIST_PARAMS } from "@shared/list-choices";
import { HideReviewSchema, ProductReviewSchema } from "@shared/schemas/product-review";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { Acknowledged, InsertedId } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, BAD_PAGE, PAGED, id, pageHeaders, pageQuery } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as reviews from "./product-reviews";
import { HelpfulCount, ProductReviewList, productReviewJson } from "./wire";

const ToolReviewInput = named("ProductReviewInput", ProductReviewSchema);

export const productReviewCalls = [
  apiCall({
    method: "get",
    path: "/api/product/{id}/reviews",
    operationId: "listProductReviews",
    tag: "reviews",
    summary: "A tool's reviews",
    description:
      "Reviews by buyers whose order of the tool was delivered, hidden ones left out: `sort=newest` (the default) " +
      "or `sort=helpful`. The product's JSON carries their average and count (`rating`). " +
      PAGED,
    who: "anyone",
    session: "none",
    params: { id: id("product") },
    query: {
      sort: { description: "`newest` (the default) or `helpful`.", example: "helpful", required: false },
      ...pageQuery,
    },
    answers: {
      200: json(ProductReviewList, "A page of the tool's reviews.", pageHeaders),
      400: refused(`${BAD_PAGE} Or an unknown sort.`),
      404: refused("No such product."),
    },
    handler: async (c) => {
      const page = await reviews.productReviews(
        c.get("ctx"),
        c.req.param("id"),
        paramsOf(new URL(c.req.url).searchParams, PRODUCT_REVIEW_LIST_PARAMS),
      );
      setPageHeaders(c, page);
      return c.json(page.items.map(productReviewJson));
    },
  }),
  apiCall({
    method: "post",
    path: "/api/product/{id}/reviews",
    operationId: "addProductReview",
    tag: "reviews",
    summary: "Review a tool you bought",
    description:
      "Once per buyer and tool, by a buyer with a delivered order of it (403 otherwise); a second review is refused " +
      "with 409 — change the first with `PUT /api/product-reviews/{id}`.",
    who: "a buyer of the tool",
    session: "required",
    params: { id: id("product") },
    body: jsonInput(ToolReviewInput),
    rate: "review",
    answers: {
      200: json(InsertedId, "The review's id."),
      400: refused(BAD_INPUT),
      403: refused("No delivered order of the tool; or a cookie-carried write from another site."),
      404: refused("No such product."),
      409: refused("You reviewed this tool already."),
    },
    handler: async (c) => {
      const id = await reviews.addProductReview(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ insertedId: id });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/product-reviews/{id}",
    operationId: "changeProductReview",
    tag: "reviews",
    summary: "Change your review of a tool",
    description: "Its author only. A hidden review stays hidden until an admin shows it again.",
    who: "its author",
    session: "required",
    params: { id: id("review") },
    body: jsonInput(ToolReviewInput),
    rate: "review",
    answers: {
      200: json(Acknowledged, "Changed."),
      400: refused(BAD_INPUT),
      403: refused("Not your review; or a cookie-carried write from another site."),
      404: refused("No such review."),
    },
    handler: async (c) => {
      await reviews.changeProductReview(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ acknowledged: true as const });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/product-reviews/{id}/hidden",
    operationId: "hideProductReview",
    tag: "reviews",
    summary: "Hide a review, saying why",
    description: "The review leaves the tool's page and its stars; its author sees the reason beside it.",
    who: "admin",
    session: "required",
    params: { id: id("review") },
    body: jsonInput(named("HideReviewInput", HideReviewSchema)),
    answers: {
      200: json(Acknowledged, "Hidden."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such review."),
    },
    handler: async (c) => {
      await reviews.hideProductReview(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ acknowledged: true as const });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/product-reviews/{id}/hidden",
    operationId: "showProductReview",
    tag: "reviews",
    summary: "Show a hidden review again",
    who: "admin",
    session: "required",
    params: { id: id("review") },
    answers: {
      200: json(Acknowledged, "Shown again."),
      403: refused(ADMINS_ONLY),
      404: refused("No such review."),
      409: refused("The review is not hidden."),
    },
    handler: async (c) => {
      await reviews.showProductReview(c.get("ctx"), c.req.param("id"));
      return c.json({ acknowledged: true as const });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/product-reviews/{id}/helpful",
    operationId: "markReviewHelpful",
    tag: "reviews",
    summary: "Mark a review helpful",
    description: "Once per customer and review, never on one's own: the count feeds `sort=helpful`.",
    who: "signed in",
    session: "required",
    params: { id: id("review") },
    rate: "vote",
    answers: {
      200: json(HelpfulCount, "The review's helpful count now."),
      403: refused("Your own review; or a cookie-carried write from another site."),
      404: refused("No such review, or it is hidden."),
      409: refused("You marked it helpful already."),
    },
    handler: async (c) => {
      const helpful = await reviews.markReviewHelpful(c.get("ctx"), c.req.param("id"));
      return c.json({ helpful });
    },
  }),
];
