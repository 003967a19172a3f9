import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();
// The import rules need no types: modules of made-up paths are linted without the type-aware rule.
const untyped = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { "randa/use-case-context": "off" },
  },
});

/** The import-boundary messages ESLint gives a module of this path with this one import. */
async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await untyped.lintText(`import { x } from "${specifier}";\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

/**
 * `npm run lint` enforces which part of the store may import which (eslint.boundaries.js). Each row is a module that would
 * break a boundary; the last ones are imports the same layers may make.
 */
describe("import boundaries (npm run lint)", () => {
  it.each([
    ["a browser component importing the database", "app/components/cart.tsx", "@server/db/client"],
    ["a browser component importing a feature", "app/components/cart.tsx", "@server/catalog"],
    ["a browser helper importing a feature", "app/lib/cart.ts", "@server/orders"],
    ["a route importing a feature's SQL", "app/routes/dashboard/cart.tsx", "@server/orders/sql/order-rows"],
    ["a route importing a feature's use case file", "app/routes/dashboard/cart.tsx", "@server/orders/orders"],
    ["a route importing the OpenAPI layer", "app/routes/dashboard/cart.tsx", "@server/openapi/document"],
    ["the page door importing the database", "app/door/cart.server.ts", "@server/db/client"],
    ["a server module importing app/", "server/http/cart.ts", "~/lib/toast"],
    ["a server module reaching app/ by a relative path", "server/http/cart.ts", "../../app/lib/toast"],
    ["a feature importing another feature's use case", "server/payments/cart.ts", "../orders/orders"],
    ["a feature's SQL importing another feature's SQL", "server/payments/sql/cart.ts", "../../orders/sql/order-rows"],
    ["a feature importing another feature's insides by alias", "server/reviews/cart.ts", "@server/catalog/products"],
    ["a shared room importing a feature's insides", "server/jobs/cart.ts", "../orders/expire-orders"],
    ["a script importing a feature's insides", "scripts/cart.ts", "@server/accounts/sql/user-rows"],
    ["a use case importing hono", "server/orders/cart.ts", "hono"],
    ["a feature's SQL importing hono", "server/orders/sql/cart.ts", "hono"],
    ["a use case importing an HTTP helper", "server/orders/cart.ts", "../http/client-ip"],
    ["a use case importing the OpenAPI layer", "server/orders/cart.ts", "@server/openapi/route-types"],
    ["the database layer importing a feature", "server/db/cart.ts", "../catalog"],
    ["shared code importing the server", "shared/cart.ts", "@server/catalog"],
    ["shared code importing app/", "shared/cart.ts", "~/lib/toast"],
    ["shared code importing a Node module", "shared/cart.ts", "node:crypto"],
    ["a page importing the e-mails' words", "app/routes/dashboard/cart.tsx", "@shared/words/en-mail"],
    ["a browser component importing the e-mails' words", "app/components/cart.tsx", "@shared/words/bn-mail"],
    ["a page importing the text messages' words", "app/routes/dashboard/cart.tsx", "@shared/words/en-sms"],
    ["a server module hashing passwords by itself", "server/auth/cart.ts", "better-auth/crypto"],
    ["a feature hashing passwords by itself", "server/accounts/cart.ts", "better-auth/crypto"],
    ["a script hashing passwords by itself", "scripts/cart.ts", "better-auth/crypto"],
  ])("refuses %s", async (_what, file, specifier) => {
    const errors = await boundaryErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(specifier);
  });

  it.each([
    ["a browser component importing shared rules", "app/components/cart.tsx", "@shared/quantity"],
    ["a route importing a feature's public face", "app/routes/dashboard/cart.tsx", "@server/orders"],
    ["a feature importing another feature's public face", "server/payments/cart.ts", "../orders"],
    ["a feature's SQL importing another feature's public face", "server/payments/sql/cart.ts", "../../orders"],
    ["a feature's routes importing hono", "server/orders/cart-routes.ts", "hono"],
    ["a feature importing its own SQL", "server/orders/cart.ts", "./sql/order-rows"],
    ["a feature's SQL importing the database", "server/orders/sql/cart.ts", "../../db/client"],
    ["the API router importing a feature's public face", "server/http/cart.ts", "../orders"],
    ["the database layer importing a shared schema", "server/db/cart.ts", "@shared/schemas/delivery"],
    ["shared code importing zod", "shared/cart.ts", "zod"],
    ["the e-mails importing their words", "server/mail/cart.ts", "@shared/words/en-mail"],
    [
      "the one place that hashes passwords importing Better Auth's hashing",
      "server/auth/password-hashing.ts",
      "better-auth/crypto",
    ],
  ])("allows %s", async (_what, file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });
});

/** The messages ESLint gives these lines, linted as if they were the text of a module of this (existing) path. */
async function lintMessages(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

// Type-aware: the text stands in for an existing module of the orders feature, so the project knows its imports.
describe("use cases take the request's context (npm run lint)", () => {
  const inOrders = "server/orders/expire-orders.ts";

  it("refuses a use case called with the services instead of the request's context", async () => {
    const messages = await lintMessages(
      inOrders,
      'import type { Services } from "../services";\nimport { placeOrder } from "./orders";\n' +
        'export const wired = (services: Services) => placeOrder(services, { productId: "p", quantity: 20 });\n',
    );
    expect(messages).toContainEqual(expect.stringMatching(/^randa\/use-case-context: placeOrder is a use case/));
  }, 120_000);

  it("refuses a request context made by a cast", async () => {
    const messages = await lintMessages(
      inOrders,
      'import type { RequestContext } from "../context/request-context";\nimport { placeOrder } from "./orders";\n' +
        "export const forged = (made: object) => placeOrder(made as RequestContext, {});\n",
    );
    expect(messages).toContainEqual(expect.stringMatching(/^no-restricted-syntax: A RequestContext comes from/));
  }, 120_000);

  it("allows a use case called with the request's context", async () => {
    const messages = await lintMessages(
      inOrders,
      'import type { RequestContext } from "../context/request-context";\nimport { placeOrder } from "./orders";\n' +
        'export const wired = (ctx: RequestContext) => placeOrder(ctx, { productId: "p", quantity: 20 });\n',
    );
    expect(messages).toEqual([]);
  }, 120_000);
});

/** The messages of the rule that keeps libraries a store may never use out of its start-up (decision 0052). */
async function whenNeededErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await untyped.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("libraries loaded with their first use (npm run lint)", () => {
  it.each([
    [
      "Stripe's SDK imported at the top",
      "server/payments/providers/cart.ts",
      `import Stripe from "stripe";\nnew Stripe("k");\n`,
    ],
    [
      "the S3 SDK imported at the top",
      "server/images/cart.ts",
      `import { S3Client } from "@aws-sdk/client-s3";\nnew S3Client({});\n`,
    ],
    [
      "every locale of the words' library",
      "app/door/cart.server.ts",
      `import { ToWords } from "to-words";\nnew ToWords();\n`,
    ],
  ])("refuses %s", async (_what, file, source) => {
    expect(await whenNeededErrors(file, source)).toHaveLength(1);
  });

  it.each([
    [
      "Stripe's types",
      "server/payments/providers/cart.ts",
      `import type Stripe from "stripe";\nexport type S = Stripe;\n`,
    ],
    [
      "the S3 SDK's types",
      "server/images/cart.ts",
      `import type * as S3 from "@aws-sdk/client-s3";\nexport type C = S3.S3Client;\n`,
    ],
    [
      "the S3 SDK loaded where needed",
      "server/images/cart.ts",
      `export const load = () => import("@aws-sdk/client-s3");\n`,
    ],
    [
      "one locale of the words' library",
      "app/door/cart.server.ts",
      `import { ToWords } from "to-words/en-BD";\nnew ToWords();\n`,
    ],
  ])("allows %s", async (_what, file, source) => {
    expect(await whenNeededErrors(file, source)).toEqual([]);
  });
});
