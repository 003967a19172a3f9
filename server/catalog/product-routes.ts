import { Hono } from "hono";
import { paramsOf, type Page } from "@shared/list-page";
import { PRODUCT_LIST_PARAMS } from "@shared/list-choices";
import { VersionedCache } from "../cache/versioned-cache";
import type { Services } from "../services";
import * as catalog from "./products";
import { actorOf } from "../context/session-of";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { productFromJson, productJson } from "../openapi/serialize";

export function productRoutes(services: Services) {
  const actor = (c: Parameters<typeof actorOf>[1]) => actorOf(services.auth, c);
  // The busiest read of the store: each page kept as its JSON bytes until the catalog changes (bytes, not text:
  // a string would be measured and encoded again for every answer).
  const pages = new VersionedCache<Page<never> & { json: Uint8Array }>(services.catalogVersion, 200);
  const readPage = async (params: Record<string, string>) => {
    const page = await catalog.listProducts(services, params);
    return { ...page, items: [], json: Buffer.from(JSON.stringify(page.items.map(productJson))) };
  };
  return new Hono()
    .get("/", async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, PRODUCT_LIST_PARAMS);
      const page = await pages.get(new URLSearchParams(params).toString(), () => readPage(params));
      setPageHeaders(c, page);
      return c.body(page.json, 200, { "Content-Type": "application/json" });
    })
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
