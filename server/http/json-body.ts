import type { Context } from "hono";
import { UnreadableBody } from "../context/parse";

/** The request's JSON body as the client sent it; the use case parses it. A broken body is passed on as such. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return new UnreadableBody();
  }
}

/** A body the client may leave out: none is `{}`; one that is sent must be JSON. */
export async function optionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new UnreadableBody();
  }
}
