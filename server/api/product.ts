import { Hono } from "hono";
import type { Db } from "../db/client";
import { getProduct, listProducts } from "../domain/catalog";
import { productJson } from "./serialize";

export function productRoutes(db: Db) {
  return new Hono()
    .get("/", async (c) => c.json((await listProducts(db)).map(productJson)))
    .get("/:id", async (c) => c.json(productJson(await getProduct(db, c.req.param("id")))));
}
