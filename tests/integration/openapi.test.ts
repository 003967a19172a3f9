import { brotliDecompressSync } from "node:zlib";
import { validate } from "@scalar/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { OpenApiDocument, OpenApiOperation } from "@server/openapi/document";
import { DOCS_CONTENT_SECURITY_POLICY } from "@server/openapi/docs-page";
import { API_CALLS } from "@server/http/api-router";
import { DEFAULT_LIMIT } from "@server/http/body-limits";
import { ErrorAnswer } from "@server/openapi/common-answers";
import type { ApiCall } from "@server/openapi/route-types";
import { API_CONTENT_SECURITY_POLICY } from "@server/http/security-headers";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import { coveredBy, documentedCalls, exampleUrl, routerCalls } from "../support/openapi-calls";
import { orderFor } from "../support/orders";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

const NDJSON = "application/x-ndjson";

describe("the OpenAPI document at /api/openapi.json", () => {
  // SSLCommerz is configured so that its handlers answer; no call here names a payment, so it is never reached.
  const t = useTestApp({
    SSLCOMMERZ_STORE_ID: "randa-test",
    SSLCOMMERZ_STORE_PASSWORD: "randa-test-secret",
    SSLCOMMERZ_API_URL: "http://127.0.0.1:9",
  });
  let doc: OpenApiDocument;
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    // Something in the lists, so that their answers are checked against a real product, order and review.
    await orderFor(t, admin);
    await t.request("/api/review", jsonInit("POST", { rating: 4.5, comment: "Sharp." }, asBearer(admin)));
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDocument;
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const { valid, errors, specification } = await validate(structuredClone(doc));
    expect(errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(specification?.openapi).toBe("3.1.0");
  });

  it("declares each path parameter its template names, and no operation id twice", () => {
    const ids = documentedCalls(doc).map(({ operation }) => operation.operationId);
    expect(ids.length).toBe(new Set(ids).size);
    for (const { call, path, operation } of documentedCalls(doc)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(declared, call).toEqual(inTemplate);
    }
  });

  it("lists every call the API router registers", () => {
    const { exact, handedOn } = routerCalls(t.app);
    const documented = documentedCalls(doc);
    const listed = new Set(documented.map((d) => d.call));
    expect(
      [...exact].filter((call) => !listed.has(call)),
      "routes missing from the document",
    ).toEqual([]);
    for (const prefix of handedOn) {
      expect(
        documented.some((d) => coveredBy([prefix], d.path)),
        `nothing documented under ${prefix}`,
      ).toBe(true);
    }
  });

  it("lists no call the API router does not register", () => {
    const { exact, handedOn } = routerCalls(t.app);
    const invented = documentedCalls(doc).filter((d) => !exact.has(d.call) && !coveredBy(handedOn, d.path));
    expect(invented.map((d) => d.call)).toEqual([]);
  });

  it("gives every operation an answer with a schema, and every request body a schema", () => {
    for (const { call, operation } of documentedCalls(doc)) {
      const answers = Object.values(operation.responses);
      const described = answers.some(
        (a) =>
          Object.values(a.content ?? {}).some((m) => m.schema) || Object.values(a.headers ?? {}).some((h) => h.schema),
      );
      expect(described, call).toBe(true);
      for (const media of Object.values(operation.requestBody?.content ?? {})) expect(media.schema, call).toBeDefined();
    }
  });

  /** Each documented call, with its examples and no body: it reaches a handler, and answers as documented. */
  describe.each(API_CALLS.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    "%s",
    (_, route) => {
      const callers: ("anonymous" | "admin")[] = route.session === "required" ? ["anonymous", "admin"] : ["anonymous"];
      // A call may answer another media type when asked for it (an import's progress, streamed): it is documented too.
      const accepts = ["*/*", `${NDJSON}, application/json;q=0.9`];

      it.each(callers.flatMap((who) => accepts.map((accept) => [who, accept] as const)))(
        "as %s (Accept: %s), reaches a handler and answers as documented",
        async (who, accept) => {
          const operation = doc.paths[route.path]?.[route.method];
          expect(operation).toBeDefined();
          const res = await t.request(exampleUrl(route.path, operation!, admin.email), {
            method: route.method.toUpperCase(),
            headers: { Origin: TEST_ORIGIN, Accept: accept, ...(who === "admin" ? asBearer(admin) : {}) },
          });
          const text = await res.text();
          expect(unrouted(res.status, text), `${res.status} ${text}`).toBe(false);
          expect(Object.keys(operation!.responses), `${res.status} ${text.slice(0, 300)}`).toContain(
            String(res.status),
          );
          checkBody(route, operation!, res, text);
          // A call refused for its missing body must say what body it takes.
          if (res.status === 400) expect(operation!.requestBody, text).toBeDefined();
        },
      );
    },
  );

  it.each(
    API_CALLS.filter((route) => route.body).map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]),
  )("%s answers a body over its limit with the documented 413", async (_, route) => {
    const operation = doc.paths[route.path]![route.method]!;
    const limit = (route.bodyLimit ?? DEFAULT_LIMIT).bytes;
    const res = await t.request(exampleUrl(route.path, operation, admin.email), {
      method: route.method.toUpperCase(),
      headers: {
        Origin: TEST_ORIGIN,
        "Content-Type": "application/json",
        "Content-Length": String(limit + 1),
        ...asBearer(admin),
      },
      body: "x".repeat(limit + 1),
    });
    expect(res.status).toBe(413);
    expect(Object.keys(operation.responses["413"]?.content ?? {})).toEqual(["application/json"]);
    expect(ErrorAnswer.safeParse(await res.json()).success).toBe(true);
  });

  describe("its reader at /api/docs", () => {
    it("is a page that loads Scalar from this store, under a policy of its own", async () => {
      const res = await t.request("/api/docs");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).not.toMatch(/https?:\/\//);
      const csp = res.headers.get("content-security-policy");
      expect(csp).toBe(DOCS_CONTENT_SECURITY_POLICY);
      const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inline));
      expect(csp).toContain(`'sha256-${Buffer.from(hash).toString("base64")}'`);
      expect(csp).toMatch(/^default-src 'none';/);
      expect(csp).not.toMatch(/unsafe-eval|\*|https?:/);
    });

    it("serves Scalar's script compressed once, cached for good under its version", async () => {
      const html = await (await t.request("/api/docs")).text();
      const src = /<script src="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(src).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}$/);

      const res = await t.request(src, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
      const script = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(script).toContain("createApiReference");

      const again = await t.request(src, { headers: { "If-None-Match": res.headers.get("etag")! } });
      expect(again.status).toBe(304);
      const unversioned = await t.request("/api/docs/scalar.js");
      expect(unversioned.headers.get("cache-control")).toBe("no-cache");
    });

    it("leaves the API's policy on the document itself", async () => {
      const res = await t.request("/api/openapi.json");
      expect(res.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    });
  });
});

/** The router's own 404 for a call it does not know, or Better Auth's (an empty 404) under /api/auth. */
function unrouted(status: number, text: string) {
  if (status !== 404) return false;
  if (text === "") return true;
  const answer = z.object({ message: z.string() }).safeParse(parsedOrNull(text));
  return answer.success && answer.data.message.startsWith("No such API call");
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A JSON answer must match the schema documented for its status; another answer, its media type. */
function checkBody(route: ApiCall, operation: OpenApiOperation, res: Response, text: string) {
  const type = res.headers.get("content-type") ?? "";
  const documented = Object.keys(operation.responses[String(res.status)]?.content ?? {});
  if (documented.length === 0) return;
  expect(
    documented.some((media) => type.startsWith(media)),
    `${type} is not ${documented.join(", ")}`,
  ).toBe(true);
  if (!type.startsWith("application/json")) return;
  // The answers the document adds from a call's declaration (401 for its session, 413 for its body limit, 429 for
  // its rate rule) are refusals.
  const added = (res.status === 401 && route.session === "required") || res.status === 413 || res.status === 429;
  const schema = route.answers[res.status]?.json ?? (added ? ErrorAnswer : null);
  expect(schema, `no schema for ${res.status}`).toBeTruthy();
  const parsed = schema!.safeParse(JSON.parse(text));
  expect(parsed.success ? [] : parsed.error.issues, `${res.status} ${text.slice(0, 300)}`).toEqual([]);
}
