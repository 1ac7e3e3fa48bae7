// npm run dev — Astro's dev server (hot reload) on PORT, proxying /api to the Node API on PORT+1.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 4321);
const apiPort = port + 1;
const env = { ...process.env, API_PORT: String(apiPort) };

// Only Astro's proxy talks to the API, so it listens on loopback whatever HOST says; Astro's
// dev server itself stays on localhost. Its proxy adds no X-Forwarded-For, so exposing it
// would show the development outbox to the network as if it were this machine.
const api = spawn(process.execPath, ["src/server/hosts/node.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...env, PORT: String(apiPort), HOST: "127.0.0.1" },
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
