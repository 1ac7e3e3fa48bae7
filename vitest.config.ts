import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";

// A .wasm import is a compiled WebAssembly.Module, as wrangler bundles it for the Worker (the
// edge image codecs, src/server/api/files/wasm-codecs.ts).
const wasmModules: Plugin = {
  name: "wasm-modules",
  enforce: "pre",
  load(id) {
    if (!id.endsWith(".wasm")) return undefined;
    const bytes = readFileSync(id).toString("base64");
    return `export default new WebAssembly.Module(Buffer.from(${JSON.stringify(bytes)}, "base64"));`;
  },
};

export default defineConfig({
  test: {
    // The default reporter, then the time each project took (README.md states it).
    reporters: ["default", "./tests/project-times.ts"],
    projects: [
      {
        plugins: [wasmModules],
        test: {
          name: "unit",
          // Through vite, so the plugin above loads their .wasm files.
          server: { deps: { inline: [/@jsquash/] } },
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          // The run's folder of template databases test apps copy (src/server/api/testing/templates.ts).
          globalSetup: ["src/server/api/testing/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // vitest's default on 2 cores is one worker (cores - 1), which left a core idle;
          // the unit tests run first (groupOrder), the browser tests after them.
          maxWorkers: 2,
          // Each worker imports the app's modules once, not once per file: with a fresh module
          // graph per file, imports took 107 of the project's 148 s. A test that changes
          // something global puts it back (session-ended.test.ts, hosts/node.test.ts).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // Its seed and build run during the unit tests; each file waits for the site here.
          setupFiles: ["tests/e2e/site-ready.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A file spends most of its time waiting on the site and Chromium, not on a core: at
          // two files at a time the cores sat about half idle.
          maxWorkers: 4,
          // As for the unit tests: playwright-core, the harness and Chromium start once per
          // worker (browser-helpers.ts), not once per file. Each file still gets its own client
          // address (harness.ts) and closes only the browser contexts it made.
          isolate: false,
          // A browser test that fails is run once more before the run fails, as Playwright's
          // own runner does on CI: four files at a time on two cores still turn up a timing
          // race about once a run (docs/perf/suite.md). The default reporter marks a test
          // that passed on its retry, and each one found is fixed at its cause, as
          // navigation.spec.ts and search-suggestions.spec.ts were.
          retry: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
