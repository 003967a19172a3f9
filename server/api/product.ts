import { Hono } from "hono";
import { ProductSchema, ProductUpdateSchema } from "~/schemas/product";
import { assertAdmin, requireSession } from "../auth/session";
import { addProduct, deleteProduct, getProduct, listProducts, updateProduct } from "../domain/catalog";
import { VersionedCache } from "../cache/versioned-cache";
import type { Services } from "../services";
import { parseJsonBody } from "./body";
import { productJson } from "./serialize";

export function productRoutes({ auth, db, catalogVersion }: Services) {
  const requireAdmin = async (headers: Headers) => assertAdmin((await requireSession(auth, headers)).user);
  // The busiest read of the store, kept as its JSON text until the catalog changes.
  const list = new VersionedCache<string>(catalogVersion, 1);
  const readList = async () => JSON.stringify((await listProducts(db)).map(productJson));
  return new Hono()
    .get("/", async (c) => c.body(await list.get("all", readList), 200, { "Content-Type": "application/json" }))
    .get("/:id", async (c) => c.json(productJson(await getProduct(db, c.req.param("id")))))
    .post("/", async (c) => {
      await requireAdmin(c.req.raw.headers);
      const input = await parseJsonBody(c, ProductSchema);
      return c.json({ insertedId: (await addProduct(db, input)).id });
    })
    .put("/:id", async (c) => {
      await requireAdmin(c.req.raw.headers);
      const changes = await parseJsonBody(c, ProductUpdateSchema);
      return c.json({ acknowledged: true, ...(await updateProduct(db, c.req.param("id"), changes)) });
    })
    .delete("/:id", async (c) => {
      await requireAdmin(c.req.raw.headers);
      return c.json(await deleteProduct(db, c.req.param("id")));
    });
}
