import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "tests/**/*.spec.ts"],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
