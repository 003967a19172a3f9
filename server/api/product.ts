import { Hono } from "hono";
import { ProductSchema, ProductUpdateSchema } from "~/schemas/product";
import { assertAdmin, requireSession } from "../auth/session";
import { addProduct, deleteProduct, getProduct, listProducts, updateProduct } from "../domain/catalog";
import type { Services } from "../services";
import { parseJsonBody } from "./body";
import { productJson } from "./serialize";

export function productRoutes({ auth, db }: Services) {
  const requireAdmin = async (headers: Headers) => assertAdmin((await requireSession(auth, headers)).user);
  return new Hono()
    .get("/", async (c) => c.json((await listProducts(db)).map(productJson)))
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
