import type { Db } from "@server/db/client";
import type { Services } from "@server/services";

declare module "react-router" {
  interface AppLoadContext {
    db: Db;
    services: Services;
    /** The address the request came from (the socket's), for sign-in rate limits. */
    clientIp: string;
    /** The per-request CSP nonce that every inline script must carry. */
    nonce: string;
  }
}

export {};
