import { Hono } from "hono";
import { VersionedCache } from "../cache/versioned-cache";
import type { Services } from "../services";
import * as catalog from "../use-cases/catalog";
import { actorOf } from "./actor";
import { jsonBody } from "./body";
import { productFromJson, productJson } from "./serialize";

export function productRoutes(services: Services) {
  const actor = (c: Parameters<typeof actorOf>[1]) => actorOf(services.auth, c);
  // The busiest read of the store, kept as its JSON text until the catalog changes.
  const list = new VersionedCache<string>(services.catalogVersion, 1);
  const readList = async () => JSON.stringify((await catalog.listProducts(services)).map(productJson));
  return new Hono()
    .get("/", async (c) => c.body(await list.get("all", readList), 200, { "Content-Type": "application/json" }))
    .get("/:id", async (c) => c.json(productJson(await catalog.getProduct(services, c.req.param("id")))))
    .post("/", async (c) => {
      const added = await catalog.addProduct(services, await actor(c), productFromJson(await jsonBody(c)));
      return c.json({ insertedId: added.id });
    })
    .put("/:id", async (c) => {
      const body = productFromJson(await jsonBody(c));
      await catalog.updateProduct(services, await actor(c), c.req.param("id"), body);
      return c.json({ acknowledged: true, modifiedCount: 1 });
    })
    .delete("/:id", async (c) => {
      await catalog.deleteProduct(services, await actor(c), c.req.param("id"));
      return c.json({ deletedCount: 1 });
    });
}
