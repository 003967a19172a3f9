// Compiles the server (server/main.ts and what it imports) into build/server/main.js, so that `npm start` runs it
// with plain node and no TypeScript loader. Packages stay in node_modules; the migrations are copied beside the
// bundle, where server/db/client.ts looks for them (next to its own module).
import { cp } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
await cp("server/db/migrations", "build/server/migrations", { recursive: true });
console.log("compiled the server to build/server/main.js");
