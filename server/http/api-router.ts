import { Hono, type MiddlewareHandler } from "hono";
import { M } from "@shared/messages";
import { notFound, unauthorized } from "../errors";
import type { Readiness } from "./readiness";
import type { Services } from "../services";
import { adminCalls, authCalls, authRoutes, profileCalls, userCalls } from "../accounts";
import { cartCalls } from "../cart";
import { categoryCalls, productCalls, sheetCalls } from "../catalog";
import { courierCalls, payoutCalls } from "../couriers";
import { stockCalls } from "../stock";
import { backInStockCalls } from "../back-in-stock";
import { checkoutCalls } from "../checkout";
import { deliveryCalls } from "../delivery";
import { docsCalls } from "../openapi/docs-route";
import { handleApiError } from "./api-errors";
import { healthCalls } from "./health-route";
import { orderCalls } from "../orders";
import { overviewCalls } from "../overview";
import { paymentCalls } from "../payments";
import { phoneCodeCalls } from "../phone-codes";
import { productReviewCalls, reviewCalls } from "../reviews";
import { uploadCalls } from "../uploads";
import type { ApiCall, ApiEnv } from "../openapi/route-types";
import { DEFAULT_LIMIT, type BodyLimit } from "./body-limits";

/** Every call of the API, declared beside its handler in its feature. The router and the document read this list. */
export const API_CALLS: readonly ApiCall[] = [
  ...healthCalls,
  ...productCalls,
  ...sheetCalls,
  ...courierCalls,
  ...payoutCalls,
  ...categoryCalls,
  ...stockCalls,
  ...backInStockCalls,
  ...uploadCalls,
  ...cartCalls,
  ...checkoutCalls,
  ...orderCalls,
  ...phoneCodeCalls,
  ...deliveryCalls,
  ...overviewCalls,
  ...paymentCalls,
  ...reviewCalls,
  ...productReviewCalls,
  ...userCalls,
  ...adminCalls,
  ...profileCalls,
  ...authCalls,
  ...docsCalls,
];

/** `/{id}/refund` as Hono's `/:id/refund`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** A call that needs a session answers 401 before its handler runs when the request has none. */
const sessionRequired: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!(await c.get("ctx").actor())) throw unauthorized(M.auth.sign_in_required);
  await next();
};

/** `/api/order/{id}` as a pattern of paths: each `{name}` one segment, the rest literally. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`);

const BODY_LIMITS = API_CALLS.filter((call) => call.body).map((call) => ({
  method: call.method.toUpperCase(),
  route: pathPattern(call.path),
  limit: call.bodyLimit ?? DEFAULT_LIMIT,
}));

/** The body limit a declared call gives its requests, by method and path, for the body-limit middleware. */
export function apiBodyLimitOf(method: string, path: string): BodyLimit | undefined {
  return BODY_LIMITS.find((l) => l.method === method && l.route.test(path))?.limit;
}

export function apiRouter(services: Services, readiness: Readiness) {
  const api = new Hono<ApiEnv>();
  api.use((c, next) => {
    c.set("services", services);
    c.set("readiness", readiness);
    c.set("calls", API_CALLS);
    return next();
  });
  // One small router per resource (its path's first segment), as Hono prefers: a resource whose paths mix a
  // parameter with fixed names (/payments/{provider}/webhook beside /payments/test/confirm) takes the slower trie
  // router alone, and the others keep the compiled one.
  const resources = new Map<string, Hono<ApiEnv>>();
  for (const call of API_CALLS) {
    if (!call.handler) continue;
    const [resource = "", ...rest] = call.path.replace(/^\/api\//, "").split("/");
    let router = resources.get(resource);
    if (!router) resources.set(resource, (router = new Hono<ApiEnv>()));
    const guards = call.session === "required" ? [sessionRequired] : [];
    router.on(call.method.toUpperCase(), [honoPath(`/${rest.join("/")}`)], ...guards, call.handler);
  }
  for (const [resource, router] of resources) api.route(`/${resource}`, router);
  api.route("/auth", authRoutes(services));
  api.all("*", (c) => {
    throw notFound(M.request.no_such_call, { method: c.req.method, path: c.req.path });
  });
  api.onError(handleApiError);
  return api;
}
