import { languageOf } from "@shared/languages";
import type { Context } from "hono";
import { clientIp } from "../http/client-ip";
import type { Services } from "../services";
import type { Deps } from "./deps";

/**
 * The use cases' dependencies for this request: the store's services, the address the request came from and the
 * language it is answered in.
 */
export function depsOf(services: Services, c: Context): Deps {
  return { ...services, clientIp: clientIp(c), language: languageOf(c.req.raw) };
}
