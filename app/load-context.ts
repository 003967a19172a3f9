import type { RequestContext } from "@server/context/request-context";
import type { Services } from "@server/services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** What every use case is called with, built by the same middleware as the API's (server/http/request-contexts.ts). */
    ctx: RequestContext;
    /** The per-request CSP nonce that every inline script must carry. */
    nonce: string;
  }
}

export {};
