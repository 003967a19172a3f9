import type { Services } from "@server/services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** The client's address (the socket's, or behind TRUST_PROXY proxies theirs), for rate limits. */
    clientIp: string;
    /** The per-request CSP nonce that every inline script must carry. */
    nonce: string;
  }
}

export {};
