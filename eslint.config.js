// Lint rules that keep the architecture honest: imports flow one way
// (domain ← shared ← server; islands and components never reach into server but for types).
import tseslint from "typescript-eslint";

const serverImport = {
  regex: "(^|/)server/",
  allowTypeImports: true,
  message: "Browser code may import server code only with `import type`.",
};

export default tseslint.config(
  { ignores: ["dist/**", ".astro/**", "node_modules/**", "data/**", ".wrangler/**", "drizzle/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./", message: "src/domain is pure: it imports nothing of ours." },
            { regex: "^node:", message: "src/domain is pure: no I/O." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [serverImport, { regex: "(^|/)(islands|pages|components|layouts)/", message: "src/shared may import only src/domain." }] },
      ],
    },
  },
  {
    files: ["src/islands/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
    // Tests run on Node against the real API and database; only shipped code is restricted.
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImport] }],
    },
  },
);
