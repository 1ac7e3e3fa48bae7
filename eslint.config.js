// Lint rules that keep the architecture honest: imports flow one way
// (domain ← shared ← server; islands and components never reach into server but for types;
// islands share code only through src/client; in src/server, api ← pages ← hosts).
import tseslint from "typescript-eslint";

const serverImport = {
  regex: "(^|/)server/",
  allowTypeImports: true,
  message: "Browser code may import server code only with `import type`.",
};

const routeDbImport = {
  regex: "(^|/)db/(?!queries/[\\w-]+-reads\\.ts$)",
  allowTypeImports: true,
  message:
    "Routes read through a *-reads.ts query module and write through a service, never other db/ modules.",
};

const drizzleImport = {
  regex: "^drizzle-orm(/|$)",
  allowTypeImports: true,
  message: "Only src/server/api/db/ builds SQL: put the statement in a query module.",
};

// A folder of src/islands is one island: what two islands need lives in src/client.
const otherIslandImport = {
  regex: "^\\.\\./(?!\\.\\./)|(^|/)islands/",
  message: "An island imports no other island: move what they share to src/client.",
};

const islandImport = {
  regex: "(^|/)islands/",
  message: "Islands build on src/client and src/components, never the other way: move the shared code to src/client.",
};

// The API knows nothing of who hosts it or renders pages from it (README, "How a request flows").
const apiOuterImport = {
  regex: "(^|/)(hosts|pages)/",
  message: "src/server/api imports neither a host nor a page renderer: they are built on it.",
};

// Page renderers are runtime-neutral parts the hosts call; a host is never theirs to reach.
const hostImport = {
  regex: "(^|/)hosts/",
  message: "src/server/pages imports no host: the host passes what it needs (its API client, its templates).",
};

const testFiles = ["**/*.test.ts", "**/*.test.tsx"];

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
        {
          patterns: [
            serverImport,
            {
              regex: "(^|/)(islands|client|pages|components|layouts)/",
              message: "src/shared may import only src/domain.",
            },
          ],
        },
      ],
    },
  },
  // One way to write (README, "How a request flows"): routes answer, services decide, queries
  // hold the SQL. Routes may read through a `*-reads.ts` query module (a cached read needs no
  // rule of its own) but reach every write through a service; nothing in src/server outside
  // db/ builds SQL. Tests, the test harness and the seed (a bulk loader) are exempt.
  // A later block that sets the rule for a file replaces an earlier one's patterns, so each
  // block lists every pattern its files keep.
  {
    files: ["src/server/api/routes/**/*.ts"],
    ignores: testFiles,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [routeDbImport, drizzleImport, apiOuterImport] },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/api/routes/**", "src/server/api/db/**", "src/server/api/testing/**", ...testFiles],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [drizzleImport] }],
    },
  },
  {
    files: ["src/server/api/**/*.ts"],
    ignores: ["src/server/api/routes/**", "src/server/api/db/**", "src/server/api/testing/**", ...testFiles],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [drizzleImport, apiOuterImport] }],
    },
  },
  {
    files: ["src/server/api/db/**/*.ts", "src/server/api/testing/**/*.ts"],
    ignores: testFiles,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [apiOuterImport] }],
    },
  },
  {
    files: ["src/server/pages/**/*.ts"],
    ignores: testFiles,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [drizzleImport, hostImport] }],
    },
  },
  // Tests run on Node against the real API and database; only shipped code is restricted.
  {
    files: ["src/islands/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImport, otherIslandImport] }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImport, islandImport] }],
    },
  },
  // One way to query (decision 013): the builder, or typed raw SQL through raw-rows.ts, which
  // checks each row with a zod schema. Calling the driver's untyped readers and writers
  // anywhere else is refused.
  {
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.test.ts", "src/server/api/testing/**", "src/server/api/db/raw-rows.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(all|run|get|values)$/][callee.object.name=/^(db|tx)$/]",
          message:
            "Untyped raw SQL: use the query builder, or rawRows/rawRow/rawWrite from db/raw-rows.ts (decision 013).",
        },
        {
          selector: "CallExpression[callee.name='getRow']",
          message: "getRow is untyped: use the query builder, or rawRow from db/raw-rows.ts (decision 013).",
        },
      ],
    },
  },
  // Functions and components under 150 lines (STYLE.md); tests' describe blocks are lists, not logic.
  {
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.ts", "bench/**/*.ts", "functions/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
);
