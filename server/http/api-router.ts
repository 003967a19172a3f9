import { Hono } from "hono";
import { M } from "@shared/messages";
import { notFound } from "../errors";
import { readinessRoutes, type Readiness } from "../http/readiness";
import type { Services } from "../services";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { categoryRoutes } from "./category";
import { apiDocsRoutes } from "./docs";
import { handleApiError } from "./error-handler";
import { healthRoutes } from "./health";
import { orderRoutes } from "./order";
import { paymentIntentRoutes, providerRoutes } from "./payment";
import { productRoutes } from "./product";
import { profileRoutes } from "./profile";
import { reviewRoutes } from "./review";
import { uploadRoutes } from "./upload";
import { userRoutes } from "./user";

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
