import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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
  plugins: [tailwindcss(), reactRouter(), catalogueModules(), shell],
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
