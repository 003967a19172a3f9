import { Hono } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler, type ServerBuild } from "react-router";
import { API_CALLS, apiBodyLimitOf, apiRouter } from "./http/api-router";
import type { RequestListener } from "node:http";
import { keptAnswers, type KeptAnswers } from "./http/kept-answers";
import { keptAnswersFirst } from "./http/kept-answers-first";
import { VersionedCache } from "./cache/versioned-cache";
import { asClientSent, clientAddresses } from "./http/client-ip";
import { requestContexts, type ContextVariables } from "./http/request-contexts";
import { bodyLimitOf, bodyLimits } from "./http/body-limits";
import { compression } from "./http/compression";
import { metricsRoute } from "./http/metrics-route";
import { createReadiness, type Readiness } from "./http/readiness";
import { pageRoutePattern } from "./http/page-route";
import { requestLog, type RequestLogVariables } from "./http/request-log";
import { crossSiteGuard } from "./http/cross-site-guard";
import { sharedPage, type CachedPage, type Respond } from "./http/public-page-cache";
import { securityHeaders } from "./http/security-headers";
import { streamedImages } from "./http/streamed-images";
import { hashedAssets, publicFiles, uploadedImages } from "./http/static-files";
import type { Services } from "./services";

export interface AppOptions {
  services: Services;
  /** Server-rendered pages; absent in API-only tests. */
  ssr?: { build: ServerBuild | (() => Promise<ServerBuild>); mode: "production" | "development" };
  /** The browser build (`build/client`); in development Vite serves these files itself. */
  clientDir?: string;
  /** Whether this copy takes requests (GET /api/ready); ready unless the caller runs a start-up and a drain. */
  readiness?: Readiness;
  /** The answers kept whole, when the caller also serves them before the app (`keptFirst`). */
  kept?: KeptAnswers;
}

/** The calls whose whole answers are kept until the catalog changes (`keptWhole` in their declarations). */
const KEPT_WHOLE = new Set(API_CALLS.filter((call) => call.keptWhole === "catalog").map((call) => call.path));

export const keptWholeAnswers = (services: Services) => keptAnswers(services.catalogVersion, KEPT_WHOLE);

/** Node's listener: the answers kept whole straight from the request, anything else through `rest` (the app). */
export const keptFirst = (services: Services, kept: KeptAnswers, rest: RequestListener) =>
  keptAnswersFirst(kept, KEPT_WHOLE, services.log, services.trustProxy, rest);

/**
 * Middleware order: the request log wraps everything (its line has the final status), then the answers kept whole
 * (a cached product list leaves here, made once by everything below), then compression, then
 * security headers, the cross-site guard and the body limits, then the request's context (actor, services,
 * address) that both doors call use cases with, then API, files and pages.
 */
export function createApp({
  services,
  ssr,
  clientDir,
  readiness = createReadiness("ready"),
  kept = keptWholeAnswers(services),
}: AppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables & RequestLogVariables & ContextVariables }>();
  const production = ssr?.mode !== "development";
  const payment = services.payments?.pageSources ?? { script: [], frame: [], connect: [] };

  app.use(requestLog(services.log, services.trustProxy));
  app.use(kept.middleware);
  app.use(compression());
  app.use(clientAddresses(services.trustProxy));
  app.use(
    securityHeaders(
      production
        ? {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "{nonce}", ...payment.script],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", ...services.imageOrigins],
            mediaSrc: ["'self'"],
            connectSrc: ["'self'", ...payment.connect],
            frameSrc: ["'self'", ...payment.frame],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            // Sign-in with Google is a form post that redirects to Google, which form-action also governs.
            formAction: ["'self'", ...services.signInProviderOrigins, ...(services.gateway?.pageSources.form ?? [])],
            frameAncestors: ["'none'"],
          }
        : undefined,
      { hsts: new URL(services.baseURL).protocol === "https:" },
    ),
  );

  app.use(crossSiteGuard(services.trustedOrigins));
  app.use(bodyLimits((path, method) => apiBodyLimitOf(method, path) ?? bodyLimitOf(path)));
  app.use(requestContexts(services));

  app.get("/metrics", metricsRoute(services.metricsToken));
  app.route("/api", apiRouter(services, readiness));
  const { get: fromBucket } = services.images;
  app.use("/uploads/*", fromBucket ? streamedImages(fromBucket) : uploadedImages(services.dataDir));

  if (clientDir) {
    app.use("/assets/*", hashedAssets(clientDir));
    app.use("*", publicFiles(clientDir));
  }

  if (ssr) {
    const handleRequest = createRequestHandler(ssr.build, ssr.mode);
    const build = ssr.build;
    const serverBuild = typeof build === "function" ? build : () => Promise.resolve(build);
    const pages = new VersionedCache<CachedPage>(services.catalogVersion);
    app.all("*", async (c) => {
      c.set("routePattern", pageRoutePattern(await serverBuild(), new URL(c.req.url).pathname));
      const nonce = c.get("secureHeadersNonce") ?? "";
      // Behind trusted proxies, the URL the client asked for (https, the public host), not the proxy's.
      const request = asClientSent(c.req.raw, services.trustProxy);
      const render = () => handleRequest(request, { services, ctx: c.get("ctx"), nonce });
      // Through the context, so the page is built with its security headers (http/security-headers.ts).
      const respond: Respond = (body, init) => c.newResponse(body, init);
      return production ? sharedPage(pages, request, nonce, render, respond) : render().then((r) => respond(r.body, r));
    });
  }

  return app;
}
