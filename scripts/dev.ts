// npm run dev — Astro's dev server (hot reload) on PORT, proxying /api to the Node API on PORT+1.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 4321);
const apiPort = port + 1;
const env = { ...process.env, API_PORT: String(apiPort) };

const api = spawn(process.execPath, ["src/server/node.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...env, PORT: String(apiPort) },
});
const site = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "dev", "--port", String(port)], {
  cwd: ROOT,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    api.kill(signal);
    site.kill(signal);
  });
}
