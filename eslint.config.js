import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { importBoundaries, loadedWhenNeeded } from "./eslint.boundaries.js";
import { useCaseContext } from "./eslint-rules/use-case-context.js";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, drizzle },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...importBoundaries,
  loadedWhenNeeded,
  {
    // Type-aware, so only where use cases are called.
    files: ["server/**/*.ts", "app/**/*.{ts,tsx}", "scripts/**/*.ts", "tests/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { randa: { rules: { "use-case-context": useCaseContext } } },
    rules: { "randa/use-case-context": "error" },
  },
  {
    // A RequestContext is built by server/context/request-context.ts alone, never cast into being.
    files: ["**/*.{ts,tsx}"],
    ignores: ["server/context/request-context.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='RequestContext'][property.name='make']",
          message:
            "A RequestContext comes from contextOf, storeContext or actingContext (server/context/request-context.ts).",
        },
        {
          selector:
            ":matches(TSAsExpression, TSTypeAssertion, TSSatisfiesExpression) > TSTypeReference[typeName.name='RequestContext']",
          message:
            "A RequestContext comes from contextOf, storeContext or actingContext (server/context/request-context.ts), never from a cast.",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
