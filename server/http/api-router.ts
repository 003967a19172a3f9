import { Hono } from "hono";
import { M } from "@shared/messages";
import { notFound } from "../errors";
import { readinessRoutes, type Readiness } from "./readiness";
import type { Services } from "../services";
import { adminRoutes } from "../accounts";
import { authRoutes } from "../accounts";
import { categoryRoutes } from "../catalog";
import { apiDocsRoutes } from "../openapi/docs-route";
import { handleApiError } from "./api-errors";
import { healthRoutes } from "./health-route";
import { orderRoutes } from "../orders";
import { paymentIntentRoutes, providerRoutes } from "../payments";
import { productRoutes } from "../catalog";
import { profileRoutes } from "../accounts";
import { reviewRoutes } from "../reviews";
import { uploadRoutes } from "../uploads";
import { userRoutes } from "../accounts";

export function apiRouter(services: Services, readiness: Readiness) {
  const api = new Hono();
  api.route("/auth", authRoutes(services));
  api.route("/health", healthRoutes(services.database));
  api.route("/ready", readinessRoutes(readiness, services.database));
  api.route("/product", productRoutes(services));
  api.route("/category", categoryRoutes(services));
  api.route("/order", orderRoutes(services));
  api.route("/create-payment-intent", paymentIntentRoutes(services));
  api.route("/payments", providerRoutes(services));
  api.route("/uploads", uploadRoutes(services));
  api.route("/review", reviewRoutes(services));
  api.route("/user", userRoutes(services));
  api.route("/admin", adminRoutes(services));
  api.route("/profile", profileRoutes(services));
  api.route("/", apiDocsRoutes());
  api.all("*", (c) => {
    throw notFound(M.request.no_such_call, { method: c.req.method, path: c.req.path });
  });
  api.onError(handleApiError);
  return api;
}
