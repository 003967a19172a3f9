declare module "virtual:randa/catalogue-modules" {
  import type { Language } from "@shared/languages";

  /** vite.config.ts: each language's texts as the browser loads them. */
  const modules: Record<Language, string[]>;
  export default modules;
}
