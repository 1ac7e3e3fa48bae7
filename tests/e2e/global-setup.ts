// Builds the site once over a small seeded catalogue and starts the Node entry on a free
// port; every browser test file shares it (see harness.ts). The seed and build run in the
// background while the unit project's tests run (vitest.config.ts runs the browser tests
// after them), and each browser test file waits for the site in site-ready.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

const ROOT = new URL("../..", import.meta.url).pathname;
const NODE = process.execPath;

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    siteDataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}\n${output.slice(-4000)}`)),
    );
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Node entry exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Node entry did not become healthy at ${url}`);
}

/** Written into the data folder when the background setup fails: site-ready.ts shows it. */
export const SETUP_FAILED = "setup-failed.txt";

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "dishcovery-e2e-"));
  const siteDir = join(dataDir, "dist");
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "development",
    // Every browser context and spec file names its own loopback address in X-Test-Client
    // (harness.ts), so per-client limits (25 mails per 5 minutes) count each of them apart,
    // as they would for real people, instead of the whole suite sharing 127.0.0.1.
    CLIENT_IP_HEADER: "X-Test-Client",
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    // Most of the 0.1 catalogue's items are then rendered on demand, as at scale 100
    // (edge-pages.spec.ts), and the build is quicker.
    PRERENDER_CAP: "200",
  };
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const started = (async () => {
    await run(["scripts/db-seed.ts", "--scale", "0.1"], env);
    // The server runs in development (the outbox, loopback-only tools), but the site is built as
    // a deploy builds it: with NODE_ENV=development in its environment the build would ship
    // React's development bundle (113 KB against 64 KB), and the tests would not see what users get.
    await run([join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", siteDir], {
      ...env,
      NODE_ENV: "production",
    });
    server = spawn(NODE, ["src/server/hosts/node.ts"], {
      cwd: ROOT,
      // Passwords hashed at the test apps' cost: real scrypt took about 50 s of the cores in the
      // specs' sign-ups and logins. The tests about hashing are unit tests (password-cost.test.ts).
      env: { ...env, PASSWORD_COST: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stdout?.on("data", (d) => (log += d));
    server.stderr?.on("data", (d) => (log += d));
    try {
      await waitForHealth(url, server);
    } catch (error) {
      server.kill();
      throw new Error(`${(error as Error).message}\n${log.slice(-4000)}`);
    }
  })().catch((error: Error) => writeFileSync(join(dataDir, SETUP_FAILED), error.stack ?? String(error)));
  project.provide("siteUrl", url);
  project.provide("siteDataDir", dataDir);
  return async () => {
    await started;
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server!.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
