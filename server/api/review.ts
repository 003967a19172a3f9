import { Hono } from "hono";
import { ReviewSchema } from "~/schemas/review";
import { requireSession } from "../auth/session";
import { addReview, listReviews } from "../domain/reviews";
import type { Services } from "../services";
import { parseJsonBody } from "./body";
import { reviewJson } from "./serialize";

export function reviewRoutes({ auth, db }: Services) {
  return new Hono()
    .get("/", async (c) => c.json((await listReviews(db)).map(reviewJson)))
    .post("/", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      const input = await parseJsonBody(c, ReviewSchema);
      return c.json({ insertedId: (await addReview(db, user, input)).id });
    });
}
