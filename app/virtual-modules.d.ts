declare module "virtual:randa/catalogue-modules" {
  import type { Language } from "@shared/languages";

  /** vite.config.ts: each language's texts as the browser loads them. */
  const modules: Record<Language, string[]>;
  export default modules;
}

declare module "virtual:randa/island-scripts" {
  /** vite.config.ts: each island script's browser URL, by name. */
  const scripts: { "buyer-pages": string };
  export default scripts;
}
