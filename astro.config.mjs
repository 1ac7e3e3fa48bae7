// @ts-check
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

export default defineConfig({
  site: process.env.PUBLIC_ORIGIN ?? "http://localhost:4321",
  output: "static",
  trailingSlash: "ignore",
  integrations: [react()],
  build: { format: "directory" },
});
