import type { Services } from "@server/services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** The address the request came from (the socket's), for sign-in rate limits. */
    clientIp: string;
    /** The per-request CSP nonce that every inline script must carry. */
    nonce: string;
  }
}

export {};
