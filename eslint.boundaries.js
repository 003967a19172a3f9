// Which part of the store may import which (docs/decisions/0013-one-door-two-adapters.md and
// docs/decisions/0028-a-room-per-feature.md). ESLint replaces a rule's options when a later block matches the same
// file, so each block lists every import its files may not make: the blocks are built from the groups below.

const forbid = (group, message) => ({ group, message });

/** The rooms of the server that each hold one feature: its routes, its use cases and its SQL. */
export const FEATURES = ["catalog", "orders", "payments", "accounts", "reviews", "uploads", "overview", "stock"];

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
const HTTP_PATTERNS = [
  "hono",
  "hono/*",
  "@hono/*",
  "react-router",
  "@react-router/*",
  "@server/http/*",
  "../http/*",
  "../../http/*",
];
const OPENAPI_PATTERNS = ["@server/openapi/*", "../openapi/*", "../../openapi/*"];
const HTTP = forbid(
  [...HTTP_PATTERNS, ...OPENAPI_PATTERNS],
  "Use cases and SQL know nothing of HTTP: a feature's routes.ts (or a page's loader) reads the request and answers it.",
);
/** A feature's wire.ts names its answers for the OpenAPI document, and knows nothing else of HTTP. */
const HTTP_BUT_OPENAPI = forbid(
  HTTP_PATTERNS,
  "A feature's wire.ts describes and renames its answers; its routes.ts reads the request and answers it.",
);
/** Another feature's insides: only its index.ts is its public face. */
const internalsOf = (feature) =>
  forbid(
    [`@server/${feature}/*`, `../${feature}/*`, `../../${feature}/*`, `../../../${feature}/*`],
    `Only server/${feature}/index.ts is the ${feature} feature's public face: import "@server/${feature}" (or a relative path to the folder) and export there what you need.`,
  );
const ABOVE_DB = forbid(
  FEATURES.flatMap((f) => [`@server/${f}`, `@server/${f}/*`, `../${f}`, `../${f}/*`]).concat([
    "@server/http/*",
    "../http/*",
  ]),
  "The database layer never imports a feature or HTTP: they import it.",
);
const SERVER_INTERNALS = forbid(
  ["@server/db/*", "@server/http/*", "@server/openapi/*", "@server/images/*", "@server/payments/providers/*"],
  "Pages reach the server through a feature's public face (@server/<feature>), never its database or HTTP layer.",
);
const SERVER_FROM_BROWSER = forbid(
  ["@server/*", "@server/**", "**/server/**"],
  "Browser code never imports server code: a route's loader or action calls the use case, and the page gets a view model.",
);
const MAIL_WORDS = forbid(
  ["@shared/words/*-mail", "**/shared/words/*-mail", "@shared/words/*-sms", "**/shared/words/*-sms"],
  "The e-mails' and text messages' words are the server's (server/mail/, server/sms/): a page never ships them. Pages read the catalogue through useT().",
);

/** Better Auth's hashing is reached through server/auth/password-hashing.ts alone (decision 0048). */
const PASSWORD_HASHING_FILE = "server/auth/password-hashing.ts";
const PASSWORD_HASHING = forbid(
  ["better-auth/crypto"],
  `Passwords are hashed and checked in one place: passwordHashing() of ${PASSWORD_HASHING_FILE}.`,
);

const allInternals = FEATURES.map(internalsOf);
const othersOf = (feature) => FEATURES.filter((f) => f !== feature).map(internalsOf);

const layers = [
  { files: ["server/**/*.{ts,tsx}", "scripts/**/*.ts"], forbidden: [APP, ...allInternals] },
  ...FEATURES.flatMap((feature) => [
    { files: [`server/${feature}/**/*.ts`], forbidden: [APP, HTTP, ...othersOf(feature)] },
    { files: [`server/${feature}/**/*routes.ts`], forbidden: [APP, ...othersOf(feature)] },
    { files: [`server/${feature}/wire.ts`], forbidden: [APP, HTTP_BUT_OPENAPI, ...othersOf(feature)] },
  ]),
  { files: ["server/db/**/*.ts"], forbidden: [APP, ABOVE_DB] },
  { files: ["shared/**/*.ts"], forbidden: [APP, OUTSIDE_SHARED] },
  { files: ["app/**/*.{ts,tsx}"], forbidden: [SERVER_INTERNALS, MAIL_WORDS, ...allInternals] },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/i18n/**/*.{ts,tsx}"],
    forbidden: [SERVER_FROM_BROWSER, MAIL_WORDS],
  },
];

export const importBoundaries = [
  ...layers.map(({ files, forbidden }) => ({ files, forbidden: [...forbidden, PASSWORD_HASHING] })),
  // The one place that hashes passwords keeps the rest of its layer's rules.
  { files: [PASSWORD_HASHING_FILE], forbidden: layers[0].forbidden },
].map(({ files, forbidden }) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns: forbidden }] },
}));

/**
 * Libraries a store may never use, loaded with their first use (decision 0052): a module names their types at the
 * top and imports the library itself with `import()`, so a store that takes no cards through Stripe or keeps its
 * images on disk never holds them in memory. The words' library is imported by its locales' own entry points.
 */
const WHEN_NEEDED =
  "loads with its first use (docs/decisions/0052): import its types at the top and the library with import() where it is first needed.";
export const loadedWhenNeeded = {
  files: ["server/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "shared/**/*.ts", "scripts/**/*.ts"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        paths: [
          { name: "stripe", allowTypeImports: true, message: `Stripe's SDK ${WHEN_NEEDED}` },
          { name: "@aws-sdk/client-s3", allowTypeImports: true, message: `The S3 SDK ${WHEN_NEEDED}` },
          {
            name: "to-words",
            message:
              "The package's main entry point loads all of its 136 locales: import a locale's own (to-words/en-BD).",
          },
        ],
      },
    ],
  },
};
