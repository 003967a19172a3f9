import { Hono } from "hono";
import { NONCE, secureHeaders, type SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { apiRouter } from "./api/router";
import type { Database } from "./db/client";
import { compression } from "./http/compression";
import { hashedAssets, publicFiles } from "./http/static-files";

export interface AppOptions {
  database: Database;
  /** Server-rendered pages; absent in API-only tests. */
  ssr?: { build: ServerBuild | (() => Promise<ServerBuild>); mode: "production" | "development" };
  /** The browser build (`build/client`); in development Vite serves these files itself. */
  clientDir?: string;
}

/** Middleware order: compression wraps everything, then security headers, then API, files and pages. */
export function createApp({ database, ssr, clientDir }: AppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  const production = ssr?.mode !== "development";

  app.use(compression());
  app.use(
    secureHeaders({
      contentSecurityPolicy: production
        ? {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", NONCE],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            mediaSrc: ["'self'"],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          }
        : undefined,
      strictTransportSecurity: false,
    }),
  );

  app.route("/api", apiRouter(database));

  if (clientDir) {
    app.use("/assets/*", hashedAssets(clientDir));
    app.use("*", publicFiles(clientDir));
  }

  if (ssr) {
    const handleRequest = createRequestHandler(ssr.build, ssr.mode);
    app.all("*", (c) => handleRequest(c.req.raw, { db: database.db, nonce: c.get("secureHeadersNonce") ?? "" }));
  }

  return app;
}
