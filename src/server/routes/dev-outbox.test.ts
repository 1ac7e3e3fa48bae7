import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app.ts";

describe("GET /dev/outbox", () => {
  it("lists the development mailer's messages, newest first", async () => {
    const t = await createTestApp();
    try {
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
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("does not exist in production", async () => {
    const t = await createTestApp({ production: true });
    try {
      await t.app.request("/api/users/sendEmail?to=prod@example.com", { method: "POST" });
      const res = await t.app.request("/api/dev/outbox");
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("prod@example.com");
    } finally {
      await t.close();
    }
  });
});
