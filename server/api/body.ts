import type { Context } from "hono";
import { UnreadableBody } from "../use-cases/parse";

/** The request's JSON body as the client sent it; the use case parses it. A broken body is passed on as such. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return new UnreadableBody();
  }
}
