import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { isLoopback } from "./dev-outbox.ts";

/** Requests come from `address`, as the Node host reads it from the socket. */
function from(t: TestApp, address: string | undefined) {
  t.deps.clientIp = () => address;
}

async function withCode(t: TestApp, to: string) {
  await t.app.request(`/api/users/sendEmail?to=${to}`, { method: "POST" });
  const code = /^([A-Z0-9]{6})$/m.exec(t.deps.outbox!().at(-1)!.text)?.[1];
  if (!code) throw new Error("no code was mailed");
  return code;
}

describe("GET /dev/outbox", () => {
  it("lists the development mailer's messages, newest first, to a client on this machine", async () => {
    const t = await createTestApp();
    try {
      from(t, "127.0.0.1");
      await t.app.request("/api/users/sendEmail?to=first@example.com", { method: "POST" });
      t.clock.advance(1000);
      await t.app.request("/api/users/sendEmail?to=second@example.com", { method: "POST" });
      const res = await t.app.request("/api/dev/outbox");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as {
        data: { to: string; subject: string; text: string; html: string; sentAt: number }[];
      };
      expect(body.data.map((m) => m.to)).toEqual(["second@example.com", "first@example.com"]);
      expect(body.data[0]!.sentAt).toBe(body.data[1]!.sentAt + 1000);
      expect(body.data[0]).toEqual({
        to: "second@example.com",
        subject: "Your Dishcovery verification code",
        text: expect.stringMatching(/^[A-Z0-9]{6}$/m),
        html: expect.stringContaining("<!doctype html>"),
        sentAt: expect.any(Number),
      });
      for (const address of ["::1", "::ffff:127.0.0.1", "127.0.0.2"]) {
        from(t, address);
        expect((await t.app.request("/api/dev/outbox")).status).toBe(200);
      }
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("does not exist in production", async () => {
    const t = await createTestApp({ production: true });
    try {
      from(t, "127.0.0.1");
      await t.app.request("/api/users/sendEmail?to=prod@example.com", { method: "POST" });
      const res = await t.app.request("/api/dev/outbox");
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("prod@example.com");
    } finally {
      await t.close();
    }
  });

  it("shows no code to an attacker on the network, however the request reaches us", async () => {
    const t = await createTestApp();
    try {
      const code = await withCode(t, "victim@example.com");
      const attempts: [string | undefined, Record<string, string>][] = [
        // Straight from another machine on the LAN or the internet.
        ["192.168.1.20", {}],
        ["203.0.113.5", {}],
        ["::ffff:10.0.0.7", {}],
        // Through a proxy on this machine: the socket is loopback, the client is not.
        ["127.0.0.1", { "x-forwarded-for": "203.0.113.5" }],
        ["127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.5" }],
        ["127.0.0.1", { "x-real-ip": "203.0.113.5" }],
        ["127.0.0.1", { forwarded: "for=203.0.113.5;proto=http" }],
        ["127.0.0.1", { forwarded: 'for="[2001:db8::1]:4711"' }],
        ["127.0.0.1", { forwarded: "proto=https" }],
        // An address the host could not read.
        [undefined, {}],
      ];
      for (const [address, headers] of attempts) {
        from(t, address);
        const res = await t.app.request("/api/dev/outbox", { headers });
        expect(res.status, `${address} ${JSON.stringify(headers)}`).toBe(404);
        expect(await res.text()).not.toContain(code);
      }
      from(t, "127.0.0.1");
      const local = await t.app.request("/api/dev/outbox", { headers: { forwarded: 'for="[::1]:5000"' } });
      expect(local.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("isLoopback", () => {
  it("knows this machine's addresses from every other", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "[::1]:80",
      "127.0.0.1:5000",
    ]) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of [
      "",
      undefined,
      "0.0.0.0",
      "10.0.0.1",
      "128.0.0.1",
      "1127.0.0.1",
      "::2",
      "::ffff:10.0.0.1",
      "localhost",
      "127.0.0.1.evil.com",
    ]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});
