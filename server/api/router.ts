import { Hono } from "hono";
import type { Services } from "../services";
import { adminRoutes } from "./admin";
import { authRoutes } from "./auth";
import { handleApiError } from "./error-handler";
import { healthRoutes } from "./health";
import { orderRoutes } from "./order";
import { paymentIntentRoutes, providerRoutes } from "./payment";
import { productRoutes } from "./product";
import { profileRoutes } from "./profile";
import { reviewRoutes } from "./review";
import { uploadRoutes } from "./upload";
import { userRoutes } from "./user";

export function apiRouter(services: Services) {
  const api = new Hono();
  api.route("/auth", authRoutes(services));
  api.route("/health", healthRoutes(services.database));
  api.route("/product", productRoutes(services));
  api.route("/order", orderRoutes(services));
  api.route("/create-payment-intent", paymentIntentRoutes(services));
  api.route("/payments", providerRoutes(services));
  api.route("/uploads", uploadRoutes(services));
  api.route("/review", reviewRoutes(services));
  api.route("/user", userRoutes(services));
  api.route("/admin", adminRoutes(services));
  api.route("/profile", profileRoutes(services));
  api.all("*", (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404));
  api.onError(handleApiError);
  return api;
}
