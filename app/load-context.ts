import type { Db } from "@server/db/client";

declare module "react-router" {
  interface AppLoadContext {
    db: Db;
    /** The per-request CSP nonce that every inline script must carry. */
    nonce: string;
  }
}

export {};
