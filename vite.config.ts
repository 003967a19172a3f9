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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), catalogueModules()],
  resolve: { tsconfigPaths: true },
});
