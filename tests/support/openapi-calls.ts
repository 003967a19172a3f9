import type { OpenApiDocument, OpenApiOperation } from "@server/openapi/document";

/** `GET /api/order/{}`: a call with its parameters' names left out, since OpenAPI allows one name per place. */
export type Call = string;

export interface DocumentedCall {
  call: Call;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

const anyName = (template: string) => template.replace(/\{[^}]+\}/g, "{}");

/** Hono's `/order/:id` or `/order/:id{[0-9]+}` as an OpenAPI template, `/order/{id}`. */
export const honoToTemplate = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");

/**
 * What the API router answers, read from the app's own route list: exact calls, and the prefixes it hands on
 * whole (Better Auth's `/api/auth/*`). The router's last route, `ALL /api/*`, is the 404 for unknown calls.
 */
export function routerCalls(app: { routes: readonly { method: string; path: string }[] }) {
  const exact = new Set<Call>();
  const handedOn = new Set<string>();
  for (const { method, path } of app.routes) {
    if (!path.startsWith("/api/") || path === "/api/*") continue;
    if (method === "ALL" || path.endsWith("*")) handedOn.add(path.replace(/\*$/, ""));
    else exact.add(`${method} ${anyName(honoToTemplate(path))}`);
  }
  return { exact, handedOn: [...handedOn] };
}

export function documentedCalls(doc: OpenApiDocument): DocumentedCall[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      call: `${method.toUpperCase()} ${anyName(path)}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** Whether a prefix handed on whole (`/api/auth/`) covers a documented path. */
export const coveredBy = (prefixes: string[], path: string) =>
  prefixes.some((prefix) => (prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix));

/** The operation's path and query with each parameter's example, or the given value for an email. */
export function exampleUrl(path: string, operation: OpenApiOperation, email: string) {
  const params = operation.parameters ?? [];
  const value = (name: string) => {
    const p = params.find((q) => q.name === name && q.in === "path");
    if (!p) throw new Error(`${path}: {${name}} is not declared`);
    return encodeURIComponent(p.schema["format"] === "email" ? email : p.example);
  };
  const query = new URLSearchParams(params.filter((p) => p.in === "query").map((p) => [p.name, p.example]));
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
  return query.size > 0 ? `${filled}?${query}` : filled;
}
