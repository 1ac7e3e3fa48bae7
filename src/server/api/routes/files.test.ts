import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedName } from "../files/image-pipeline.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5, 6]);
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.files.put("dish-12.webp", bytes, "image/webp");
  await t.deps.files.put("logo_2.v1.png", bytes, "image/png");
});
afterAll(() => t.close());
afterEach(() => expect(t.errors).toEqual([]));

describe("GET /api/files/{name}", () => {
  it("streams the file with its content type and a year-long immutable cache", async () => {
    const res = await t.app.request("/api/files/dish-12.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect((await t.app.request("/api/files/logo_2.v1.png")).headers.get("content-type")).toBe("image/png");
  });

  it("lets caches keep an uploaded photo an hour at most, so its deletion takes effect", async () => {
    // The names the pipelines give review and profile photos.
    for (const name of [storedName("p", "-800w.webp"), storedName("a", ".webp")]) {
      await t.deps.files.put(name, bytes, "image/webp");
      const res = await t.app.request(`/api/files/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("cache-control"), name).toBe("public, max-age=3600");
    }
    // Seeded artwork whose names merely start with the same letters stays immutable.
    await t.deps.files.put("avatar-3.webp", bytes, "image/webp");
    await t.deps.files.put("pasta-1.webp", bytes, "image/webp");
    for (const name of ["avatar-3.webp", "pasta-1.webp"]) {
      const res = await t.app.request(`/api/files/${name}`);
      expect(res.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
    }
  });

  it("answers 404 in the envelope for a name that is not stored", async () => {
    const res = await t.app.request("/api/files/nothing-here.webp");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: "Resource not found", data: null });
  });

  it("refuses names that could leave the files folder or are not plain names", async () => {
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      ".env",
      "a%00b.webp",
      "x".repeat(122),
      "caf%C3%A9.webp",
      "a%20b.webp",
    ]) {
      const res = await t.app.request(`/api/files/${name}`);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid name: /);
    }
    // Dot segments are resolved by URL parsing before routing: they never reach the route.
    for (const path of ["/api/files/../../etc/passwd", "/api/files/%2E%2E"]) {
      expect((await t.app.request(path)).status, path).toBe(404);
    }
  });
});
