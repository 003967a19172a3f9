// Which layer may import which (docs/decisions/0013-one-door-two-adapters.md). Each layer lists every import it
// may not make: ESLint replaces a rule's options when a later block matches the same file, so a narrower layer
// repeats the wider layer's groups instead of relying on them.

const forbid = (group, message) => ({ group, message });

const APP = forbid(
  ["~/*", "~/**", "../**/app/**", "**/app/**"],
  "Server and shared code never import from app/: move what both sides need to shared/.",
);
const OUTSIDE_SHARED = forbid(
  [
    "@server/*",
    "@server/**",
    "**/server/**",
    "node:*",
    "react",
    "react-*",
    "react-router",
    "@react-router/*",
    "hono",
    "hono/*",
    "@hono/*",
  ],
  "shared/ runs in the browser and on the server alike: it imports only zod and other shared modules.",
);
const HTTP = forbid(
  [
    "hono",
    "hono/*",
    "@hono/*",
    "react-router",
    "@react-router/*",
    "@server/api/*",
    "@server/http/*",
    "../api/*",
    "../http/*",
  ],
  "The domain and the use cases know nothing of HTTP: a door (server/api, app/door) reads the request and answers it.",
);
const ABOVE_DB = forbid(
  ["@server/domain/*", "@server/use-cases/*", "@server/api/*", "../domain/*", "../use-cases/*", "../api/*"],
  "The database layer never imports the domain, the use cases or the API: they import it.",
);
const SERVER_INTERNALS = forbid(
  ["@server/db/*", "@server/domain/*", "@server/api/*", "@server/http/*", "@server/payments/*", "@server/images/*"],
  "Pages reach the server through its use cases (@server/use-cases/*), never its database, domain or API layer.",
);
const SERVER_FROM_BROWSER = forbid(
  ["@server/*", "@server/**", "**/server/**"],
  "Browser code never imports server code: a route's loader or action calls the use case, and the page gets a view model.",
);

const layers = [
  { files: ["server/**/*.{ts,tsx}", "scripts/**/*.ts"], forbidden: [APP] },
  { files: ["server/db/**/*.ts"], forbidden: [APP, ABOVE_DB] },
  { files: ["server/domain/**/*.ts", "server/use-cases/**/*.ts"], forbidden: [APP, HTTP] },
  { files: ["shared/**/*.ts"], forbidden: [APP, OUTSIDE_SHARED] },
  { files: ["app/**/*.{ts,tsx}"], forbidden: [SERVER_INTERNALS] },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/i18n/**/*.{ts,tsx}"],
    forbidden: [SERVER_FROM_BROWSER],
  },
];

export const importBoundaries = layers.map(({ files, forbidden }) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: forbidden }] },
}));
