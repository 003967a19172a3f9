import { Hono } from "hono";
import { AvailabilitySchema } from "~/schemas/order";
import { assertAdmin, requireSession } from "../auth/session";
import { getProduct, listProducts, setAvailability } from "../domain/catalog";
import type { Services } from "../services";
import { parseJsonBody } from "./body";
import { productJson } from "./serialize";

export function productRoutes({ auth, db }: Services) {
  return new Hono()
    .get("/", async (c) => c.json((await listProducts(db)).map(productJson)))
    .get("/:id", async (c) => c.json(productJson(await getProduct(db, c.req.param("id")))))
    .put("/:id", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      const { Availability } = await parseJsonBody(c, AvailabilitySchema);
      return c.json({ acknowledged: true, ...(await setAvailability(db, c.req.param("id"), Availability)) });
    });
}
