import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("app shell", () => {
  it("answers health in the envelope", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, message: "success", data: { status: "ok" } });
  });

  it("answers unknown API paths with 404 in the envelope", async () => {
    const res = await t.app.request("/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: "Resource not found", data: null });
  });

  it("serves an OpenAPI document generated from the route schemas", async () => {
    const res = await t.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/health");
  });

  it("sends security headers on API responses", async () => {
    const res = await t.app.request("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("adds HSTS only in production, on success and error answers alike", async () => {
    expect((await t.app.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const production = await createTestApp({ production: true });
    try {
      for (const path of ["/api/health", "/api/no/such/thing"]) {
        const res = await production.app.request(path);
        expect(res.headers.get("strict-transport-security")).toContain("max-age=63072000");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
      }
    } finally {
      await production.close();
    }
  });
});
