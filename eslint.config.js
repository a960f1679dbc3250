import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    // A module's front doors (index.ts, index.server.ts, and schemas.ts for the forms' schemas a page
    // loads on demand) are all that other code may import from it; inside a module, files import each
    // other by relative paths. Tests may reach in (docs/decisions/049, 060). A sub-folder's index
    // (reservations/check-in/index.server) is no door for outsiders: the module's own doors re-export
    // it (docs/decisions/064). This rule sees import and export declarations only; the layering test
    // (app/lib/layering.test.ts) also reads `import()`, relative paths into a sibling module and
    // bench/, and refuses a static import of schemas.ts.
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,js}", "scripts/**/*.{ts,js}", "bench/**/*.{ts,js}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#app/|(\\.\\./)+(app/)?)modules/[^/]+/(?!(index(\\.server)?|schemas)(\\.[jt]sx?)?$).+",
              message: "Import another module through its front door (#app/modules/<name>, #app/modules/<name>/index.server, or #app/modules/<name>/schemas loaded with import()), never a sub-folder's index; inside a module, use a relative path.",
            },
            {
              regex: "^(~/|(\\.\\./){2,})",
              message: "One import spelling (docs/decisions/059): #app/, #db/, #server/, #scripts/, #tests/ or #bench/ from another folder; ./ or one ../ only inside the same module or folder.",
            },
          ],
        },
      ],
    },
  },
);
