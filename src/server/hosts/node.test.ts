// The Node entry's defaults, probed as an attacker on the network or with the production log.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../api/app.ts";
import { parseEnv } from "../api/config.ts";
import { createNodeDeps, nodeClientIp } from "./node-deps.ts";
import { startNodeServer } from "./node.ts";

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-node-"));
  folders.push(folder);
  return folder;
}
// startNodeServer stops itself on SIGTERM and SIGINT; its stop() leaves those listeners on the
// process. Test files share a worker (vitest.config.ts: isolate false), and a worker holding a
// SIGTERM listener no longer ends when vitest terminates it, so each test takes back its own.
const signals = ["SIGTERM", "SIGINT"] as const;
type SignalListener = (signal: NodeJS.Signals) => void;
let listenersBefore = new Map<string, SignalListener[]>();
beforeEach(() => {
  listenersBefore = new Map(signals.map((signal) => [signal, process.listeners(signal) as SignalListener[]]));
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  for (const signal of signals) {
    for (const listener of process.listeners(signal) as SignalListener[]) {
      if (!listenersBefore.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
});

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 2000 }, () => {
      socket.destroy();
      done(true);
    });
    socket.on("error", () => done(false));
    socket.on("timeout", () => {
      socket.destroy();
      done(false);
    });
  });
}

/** Everything written to the console while `run` runs. */
async function consoleDuring(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(" "));
    });
  }
  await run();
  return lines.join("\n");
}

describe("the Node entry in development", () => {
  it("listens on loopback only unless HOST says otherwise, so the network cannot reach it", async () => {
    const port = await freePort();
    const server = await startNodeServer({
      PORT: String(port),
      DATA_DIR: tempFolder(),
      SITE_DIR: tempFolder(),
    });
    try {
      if (!server.listener.listening) await new Promise((done) => server.listener.once("listening", done));
      expect((server.listener.address() as { address: string }).address).toBe("127.0.0.1");
      expect(await accepts("127.0.0.1", port)).toBe(true);
      // Another address of this machine stands in for a neighbour on the LAN.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === "IPv4" && !i.internal);
      if (external) expect(await accepts(external.address, port)).toBe(false);
    } finally {
      server.stop();
    }
  });
});

describe("the development outbox over a real socket", () => {
  it("answers this machine, and not a neighbour even when HOST exposes the server", async () => {
    const port = await freePort();
    const server = await startNodeServer({
      PORT: String(port),
      HOST: "0.0.0.0",
      DATA_DIR: tempFolder(),
      SITE_DIR: tempFolder(),
    });
    try {
      await consoleDuring(async () => {
        await fetch(`http://127.0.0.1:${port}/api/users/sendEmail?to=victim@example.com`, { method: "POST" });
      });
      const local = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`);
      expect(local.status).toBe(200);
      expect(await local.text()).toContain("victim@example.com");
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === "IPv4" && !i.internal);
      if (external) {
        const neighbour = await fetch(`http://${external.address}:${port}/api/dev/outbox`);
        expect(neighbour.status).toBe(404);
        expect(await neighbour.text()).not.toContain("victim@example.com");
      }
      const proxied = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`, {
        headers: { "x-forwarded-for": "203.0.113.5" },
      });
      expect(proxied.status).toBe(404);
    } finally {
      server.stop();
    }
  });
});

describe("the Node entry in production", () => {
  it("refuses to start without a mail transport, saying why, before touching the data folder", async () => {
    const dataDir = join(tempFolder(), "data");
    const origin = "https://dishcovery.example";
    await expect(
      startNodeServer({
        NODE_ENV: "production",
        JWT_SECRET: "x".repeat(40),
        DATA_DIR: dataDir,
        PORT: "4999",
        PUBLIC_ORIGIN: origin,
      }),
    ).rejects.toThrow(/SMTP_URL/);
    expect(existsSync(dataDir)).toBe(false);
    // An empty SMTP_URL= from an env file is no transport either.
    await expect(
      startNodeServer({ NODE_ENV: "production", SMTP_URL: "", DATA_DIR: dataDir, PORT: "4999", PUBLIC_ORIGIN: origin }),
    ).rejects.toThrow(/SMTP_URL/);
  });

  it("refuses to start without PUBLIC_ORIGIN, so no e-mail links to this machine's address", async () => {
    const dataDir = join(tempFolder(), "data");
    await expect(
      startNodeServer({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587", DATA_DIR: dataDir }),
    ).rejects.toThrow(/PUBLIC_ORIGIN/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("writes no code to the log and keeps no outbox, even when built without SMTP_URL", async () => {
    // The site build opens the same deps with NODE_ENV=production and no mail settings.
    const dataDir = tempFolder();
    const { deps, client } = await createNodeDeps(parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir }));
    try {
      expect(deps.outbox).toBeUndefined();
      const app = createApp(deps);
      let status = 0;
      const output = await consoleDuring(async () => {
        const res = await app.request("/api/users/sendEmail?to=victim@example.com", { method: "POST" });
        status = res.status;
        await app.request("/api/users/password/forgot", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "victim@example.com" }),
        });
      });
      // The caller is told the mail failed instead of being told it was sent.
      expect(status).toBe(503);
      expect(output).not.toMatch(/^[A-Z0-9]{6}$/m);
      expect(output).not.toContain("Mail to victim@example.com");
      expect((await app.request("/api/dev/outbox")).status).toBe(404);
    } finally {
      client.close();
      expect(readdirSync(dataDir)).toContain("dishcovery.db");
    }
  });
});

describe("the client address in production", () => {
  const production = (extra: Record<string, string>) => ({
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail.example:587",
    PUBLIC_ORIGIN: "https://dishcovery.example",
    JWT_SECRET: "x".repeat(40),
    DATA_DIR: tempFolder(),
    SITE_DIR: tempFolder(),
    ...extra,
  });

  it("a client forging CLIENT_IP_HEADER on a public port: refuses to start without TRUSTED_PROXY", async () => {
    await expect(
      startNodeServer(production({ HOST: "0.0.0.0", PORT: "4998", CLIENT_IP_HEADER: "X-Forwarded-For" })),
    ).rejects.toThrow(/TRUSTED_PROXY/);
  });

  it("a client forging CLIENT_IP_HEADER from outside the proxy gets no fresh search limit per request", async () => {
    const port = await freePort();
    const server = await startNodeServer(
      production({
        HOST: "127.0.0.1",
        PORT: String(port),
        CLIENT_IP_HEADER: "X-Forwarded-For",
        TRUSTED_PROXY: "192.0.2.1",
      }),
    );
    try {
      if (!server.listener.listening) await new Promise((done) => server.listener.once("listening", done));
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/people/search?q=forged${i}`, {
          headers: { "x-forwarded-for": `203.0.113.${i}` },
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      server.stop();
    }
  });

  it("warns at start when every client will look the same: on loopback behind a proxy with no CLIENT_IP_HEADER", async () => {
    const port = await freePort();
    let server: Awaited<ReturnType<typeof startNodeServer>> | undefined;
    const output = await consoleDuring(async () => {
      server = await startNodeServer(production({ HOST: "127.0.0.1", PORT: String(port) }));
    });
    server?.stop();
    expect(output).toMatch(/WARN .*every client .*CLIENT_IP_HEADER/);
  });
});

describe("nodeClientIp", () => {
  /** A request as @hono/node-server hands it over: the socket's address in env.incoming. */
  function clientIpOf(
    header: string | undefined,
    socketAddress: string,
    headers: Record<string, string> = {},
  ) {
    const app = new Hono();
    app.get("/", (c) => c.text(nodeClientIp(header)(c) ?? "none"));
    return Promise.resolve(
      app.request(
        "/",
        { headers },
        { incoming: { socket: { remoteAddress: socketAddress, remoteFamily: "IPv4" } } },
      ),
    ).then((res) => res.text());
  }

  it("takes the hop the trusted proxy added, not the one a client wrote", async () => {
    // The attacker sends X-Forwarded-For: <anything>; the proxy appends what it saw.
    expect(
      await clientIpOf("X-Forwarded-For", "10.0.0.2", { "x-forwarded-for": "1.2.3.4, 203.0.113.9" }),
    ).toBe("203.0.113.9");
    expect(await clientIpOf("X-Forwarded-For", "10.0.0.2", { "x-forwarded-for": "203.0.113.9" })).toBe(
      "203.0.113.9",
    );
    expect(await clientIpOf("CF-Connecting-IP", "10.0.0.2", { "cf-connecting-ip": "198.51.100.4" })).toBe(
      "198.51.100.4",
    );
  });

  it("falls back to the socket's address when the header is missing or empty, never to one shared bucket", async () => {
    expect(await clientIpOf("X-Forwarded-For", "192.0.2.10")).toBe("192.0.2.10");
    expect(await clientIpOf("X-Forwarded-For", "192.0.2.11", { "x-forwarded-for": " " })).toBe("192.0.2.11");
    expect(await clientIpOf(undefined, "192.0.2.12", { "x-forwarded-for": "1.2.3.4" })).toBe("192.0.2.12");
  });
});

describe("an upload the client aborts", () => {
  it("logs one warning line without a stack, and the server keeps serving", async () => {
    const port = await freePort();
    const server = await startNodeServer({
      PORT: String(port),
      DATA_DIR: tempFolder(),
      SITE_DIR: tempFolder(),
    });
    try {
      const output = await consoleDuring(async () => {
        // A chunked body is read as it arrives; the client vanishes after the first chunk.
        for (const path of ["/api/users/signup", "/api/register"]) {
          await new Promise<void>((done) => {
            const socket = connect({ host: "127.0.0.1", port }, () => {
              socket.write(
                `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
                  `Transfer-Encoding: chunked\r\n\r\n400\r\n${"a".repeat(1024)}\r\n`,
              );
              setTimeout(() => {
                socket.destroy();
                setTimeout(done, 300);
              }, 200);
            });
            socket.on("error", () => {});
          });
        }
      });
      expect(output).not.toContain("ERROR");
      expect(output).not.toMatch(/^\s+at /m);
      const lines = output.split("\n").filter((line) => line.includes("closed the connection"));
      expect(lines).toEqual([
        expect.stringMatching(
          /WARN POST \/api\/users\/signup: the client closed the connection mid-request$/,
        ),
        expect.stringMatching(/WARN POST \/api\/register: the client closed the connection mid-request$/),
      ]);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      server.stop();
    }
  });
});
