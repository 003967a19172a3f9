import { Hono } from "hono";
import type { Database } from "../db/client";
import { handleApiError } from "./error-handler";
import { healthRoutes } from "./health";
import { productRoutes } from "./product";
import { reviewRoutes } from "./review";

export function apiRouter(database: Database) {
  const api = new Hono();
  api.route("/health", healthRoutes(database));
  api.route("/product", productRoutes(database.db));
  api.route("/review", reviewRoutes(database.db));
  api.all("*", (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404));
  api.onError(handleApiError);
  return api;
}
