import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

/** The import-boundary messages ESLint gives a module of this path with this one import. */
async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from "${specifier}";\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

/**
 * `npm run lint` enforces which layer may import which (eslint.boundaries.js). Each row is a module that would
 * break a boundary; the last ones are imports the same layers may make.
 */
describe("import boundaries (npm run lint)", () => {
  it.each([
    ["a browser component importing the database", "app/components/cart.tsx", "@server/db/client"],
    ["a browser component importing the domain", "app/components/cart.tsx", "@server/domain/catalog"],
    ["a browser helper importing a use case", "app/lib/cart.ts", "@server/use-cases/orders"],
    ["a route importing the API's serializer", "app/routes/dashboard/cart.tsx", "@server/api/serialize"],
    ["a route importing the domain", "app/routes/dashboard/cart.tsx", "@server/domain/orders"],
    ["the page door importing the database", "app/door/cart.server.ts", "@server/db/client"],
    ["a server module importing app/", "server/api/cart.ts", "~/lib/toast"],
    ["a server module reaching app/ by a relative path", "server/http/cart.ts", "../../app/lib/toast"],
    ["a domain module importing hono", "server/domain/cart.ts", "hono"],
    ["a domain module importing an HTTP helper", "server/domain/cart.ts", "../http/client-ip"],
    ["a use case importing the API layer", "server/use-cases/cart.ts", "../api/serialize"],
    ["the database layer importing the domain", "server/db/cart.ts", "../domain/catalog"],
    ["shared code importing the server", "shared/cart.ts", "@server/domain/catalog"],
    ["shared code importing app/", "shared/cart.ts", "~/lib/toast"],
    ["shared code importing a Node module", "shared/cart.ts", "node:crypto"],
  ])("refuses %s", async (_what, file, specifier) => {
    const errors = await boundaryErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(specifier);
  });

  it.each([
    ["a browser component importing shared rules", "app/components/cart.tsx", "@shared/quantity"],
    ["a route importing a use case", "app/routes/dashboard/cart.tsx", "@server/use-cases/orders"],
    ["a domain module importing the database", "server/domain/cart.ts", "../db/client"],
    ["the database layer importing a shared schema", "server/db/cart.ts", "@shared/schemas/delivery"],
    ["shared code importing zod", "shared/cart.ts", "zod"],
  ])("allows %s", async (_what, file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });
});
