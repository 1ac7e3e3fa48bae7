import { afterEach, describe, expect, it } from "vitest";
import { cloudflareHost } from "../../hosts/cloudflare-host.ts";
import type { FileStorage, StoredFile } from "../deps.ts";
import { purgingOnDelete, type UrlCache } from "./purge-on-delete.ts";

function memoryStorage(): FileStorage & { names: Set<string> } {
  const files = new Map<string, StoredFile>();
  return {
    get names() {
      return new Set(files.keys());
    },
    async get(name) {
      return files.get(name) ?? null;
    },
    async put(name, body, contentType) {
      files.set(name, { body, contentType, bytes: body.byteLength });
    },
    async delete(name) {
      files.delete(name);
    },
  };
}

function memoryCache(urls: string[]): UrlCache & { held: Set<string> } {
  const held = new Set(urls);
  return {
    held,
    async delete(request) {
      return held.delete(request.url);
    },
  };
}

describe("purgingOnDelete (Cloudflare)", () => {
  it("removes a deleted photo's cached copy under every origin, and nothing else", async () => {
    const storage = memoryStorage();
    await storage.put("p-1-800w.webp", new Uint8Array([1]), "image/webp");
    await storage.put("p-2-800w.webp", new Uint8Array([2]), "image/webp");
    const origins = ["https://dishcovery.example", "https://dishcovery.pages.dev"];
    const cache = memoryCache(
      origins.flatMap((origin) => [`${origin}/api/files/p-1-800w.webp`, `${origin}/api/files/p-2-800w.webp`]),
    );
    const files = purgingOnDelete(storage, () => cache, origins);
    await files.delete("p-1-800w.webp");
    expect([...storage.names]).toEqual(["p-2-800w.webp"]);
    expect([...cache.held]).toEqual(origins.map((origin) => `${origin}/api/files/p-2-800w.webp`));
    expect((await files.get("p-2-800w.webp"))?.bytes).toBe(1);
  });

  it("deletes the bytes when there is no cache or its purge fails", async () => {
    const storage = memoryStorage();
    await storage.put("a-1.webp", new Uint8Array([1]), "image/webp");
    await storage.put("a-2.webp", new Uint8Array([1]), "image/webp");
    await purgingOnDelete(storage, () => undefined, ["https://dishcovery.example"]).delete("a-1.webp");
    const failing: UrlCache = { delete: async () => Promise.reject(new Error("cache unavailable")) };
    await purgingOnDelete(storage, () => failing, ["https://dishcovery.example"]).delete("a-2.webp");
    expect(storage.names.size).toBe(0);
  });
});

describe("the Cloudflare host's file storage", () => {
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
  });

  it("purges caches.default of a photo it deletes from R2", async () => {
    const deleted: string[] = [];
    const purged: string[] = [];
    (globalThis as { caches?: unknown }).caches = {
      default: { delete: async (request: Request) => purged.push(request.url) > 0 },
    };
    const host = cloudflareHost({
      FILES: {
        get: async () => null,
        put: async () => undefined,
        delete: async (key: string) => void deleted.push(key),
      },
      DATABASE_URL: "libsql://dishcovery-example.turso.io",
      JWT_SECRET: "s".repeat(40),
      MAIL_API_URL: "https://mail.example.com/send",
      MAIL_API_KEY: "key",
      PUBLIC_ORIGIN: "https://dishcovery.example",
      // The built site's files: this test reads none of them.
      ASSETS: { fetch: async () => new Response(null, { status: 404 }) },
    });
    if ("problem" in host) throw new Error(host.problem);
    host.origins.add("https://dishcovery.example");
    await host.deps.files.delete("p-1-800w.webp");
    expect(deleted).toEqual(["p-1-800w.webp"]);
    expect(purged).toEqual(["https://dishcovery.example/api/files/p-1-800w.webp"]);
  });
});
