import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build } from "esbuild";
import { defineConfig, type Plugin } from "vite";

const CATALOGUES = { en: "app/i18n/catalogue-en.ts", bn: "app/i18n/catalogue-bn.ts" };
const CATALOGUE_MODULES = "virtual:randa/catalogue-modules";

/**
 * `virtual:randa/catalogue-modules`: the browser's URLs of each language's texts (its chunk and the chunks it
 * imports), read from the client build's manifest when the server is built after it, so that a page can preload
 * its language's texts; the source modules under `npm run dev`. docs/decisions/0024-lighter-pages.md.
 */
function catalogueModules(): Plugin {
  return {
    name: "randa:catalogue-modules",
    resolveId: (id) => (id === CATALOGUE_MODULES ? `\0${id}` : undefined),
    load(id) {
      if (id !== `\0${CATALOGUE_MODULES}`) return;
      const config = this.environment.getTopLevelConfig();
      const urls = (files: string[]) => files.map((file) => `${config.base}${file}`);
      if (config.command === "serve") {
        return `export default ${JSON.stringify({ en: urls([CATALOGUES.en]), bn: urls([CATALOGUES.bn]) })};`;
      }
      const clientDir = path.resolve(config.root, config.environments.client!.build.outDir);
      const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<
        string,
        { file: string; imports?: string[] }
      >;
      const chunksOf = (key: string, seen: Set<string> = new Set()): string[] => {
        if (seen.has(key)) return [];
        seen.add(key);
        const chunk = manifest[key];
        if (!chunk) throw new Error(`${key} is not in the client build's manifest`);
        return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunksOf(k, seen))];
      };
      return `export default ${JSON.stringify({ en: urls(chunksOf(CATALOGUES.en)), bn: urls(chunksOf(CATALOGUES.bn)) })};`;
    },
  };
}

/** The browser scripts of the pages that hydrate nothing but have islands: name → source. */
const ISLANDS = { "buyer-pages": "app/islands/buyer-pages.ts" } as const;
type IslandName = keyof typeof ISLANDS;

const ISLAND_SCRIPTS = "virtual:randa/island-scripts";

interface BuiltIsland {
  fileName: string;
  code: string;
}

/**
 * Each island script as one file, bundled by esbuild apart from the React build: nothing of React, React Router or the
 * `framework` and `shell` chunks can reach it through a module both import. Its name carries its content's hash, as
 * Vite's files do, so `/assets/` serves it as immutable and scripts/precompress.mjs compresses it.
 */
async function bundleIslands(root: string): Promise<Record<IslandName, BuiltIsland>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ISLANDS,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
    outdir: "assets",
    entryNames: "[name]-[hash]",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
  const built = {} as Record<IslandName, BuiltIsland>;
  for (const name of Object.keys(ISLANDS) as IslandName[]) {
    const file = result.outputFiles.find((f) => path.basename(f.path).startsWith(`${name}-`));
    if (!file) throw new Error(`esbuild wrote no file for the island ${name}`);
    built[name] = { fileName: `assets/${path.basename(file.path)}`, code: file.text };
  }
  return built;
}

/**
 * `virtual:randa/island-scripts`: each island's browser URL. The client build emits the files; the server build,
 * bundling the same sources again, gets the same hashed names. Under `npm run dev`, Vite serves the sources.
 * docs/decisions/0041-buyer-pages-as-islands.md.
 */
function islandScripts(): Plugin {
  let bundled: Promise<Record<IslandName, BuiltIsland>> | undefined;
  return {
    name: "randa:island-scripts",
    resolveId: (id) => (id === ISLAND_SCRIPTS ? `\0${id}` : undefined),
    async load(id) {
      if (id !== `\0${ISLAND_SCRIPTS}`) return;
      const config = this.environment.getTopLevelConfig();
      const urls: Record<string, string> = {};
      if (config.command === "serve") {
        for (const [name, source] of Object.entries(ISLANDS)) urls[name] = `${config.base}${source}`;
      } else {
        for (const [name, built] of Object.entries(await (bundled ??= bundleIslands(config.root)))) {
          urls[name] = `${config.base}${built.fileName}`;
        }
      }
      return `export default ${JSON.stringify(urls)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const config = this.environment.getTopLevelConfig();
      for (const built of Object.values(await (bundled ??= bundleIslands(config.root)))) {
        this.emitFile({ type: "asset", fileName: built.fileName, source: built.code });
      }
    },
  };
}

/**
 * The modules every hydrated page runs: what the browser entry and the root route import, statically. They go into
 * one chunk (`shell`), since a dozen small files cost more gzipped bytes than one of the same code.
 */
function shellModules(): Plugin & { has(id: string): boolean } {
  const shell = new Set<string>();
  return {
    name: "randa:shell-modules",
    buildStart() {
      shell.clear();
    },
    buildEnd() {
      // The server's bundle keeps its own chunks.
      if (this.environment.name !== "client") return;
      const isEntry = (id: string) => this.getModuleInfo(id)?.isEntry ?? false;
      const roots = [...this.getModuleIds()].filter(
        (id) => isEntry(id) && /[\\/]app[\\/](entry\.client\.tsx|root\.tsx\?)/.test(id),
      );
      const visit = (id: string) => {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (shell.has(imported) || isEntry(imported)) continue;
          shell.add(imported);
          visit(imported);
        }
      };
      roots.forEach(visit);
    },
    has: (id) => shell.has(id),
  };
}

const shell = shellModules();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), catalogueModules(), islandScripts(), shell],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      output: {
        // Every hydrated page loads React with React Router, and the shell: as two files rather than a dozen, they
        // gzip smaller and take fewer requests.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 1 },
            { name: "shell", test: (id) => shell.has(id) },
          ],
        },
      },
    },
  },
});
