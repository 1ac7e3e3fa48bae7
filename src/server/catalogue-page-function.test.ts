import { describe, expect, it } from "vitest";
import { serveCataloguePage, type AssetFetcher } from "./catalogue-page-function.ts";

// Stands in for Pages' ASSETS binding: the built files by directory path, 404.html otherwise.
function assets(files: Record<string, string>): AssetFetcher & { requested: string[] } {
  const requested: string[] = [];
  return {
    requested,
    async fetch(input) {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      requested.push(path);
      const body = files[path];
      return body === undefined
        ? new Response(files["/404.html"] ?? "missing", { status: 404, headers: { "content-type": "text/html" } })
        : new Response(body, { status: 200, headers: { "content-type": "text/html", "x-from-headers-file": "yes" } });
    },
  };
}

const site = () =>
  assets({
    "/dish/7/": "prerendered dish 7",
    "/dish/fallback/": "dish fallback",
    "/offers/fallback/": "offer fallback",
    "/404.html": "not found page",
  });

const call = (kind: "dish" | "offers", path: string, ASSETS = site()) =>
  serveCataloguePage(kind, { request: new Request(`https://dishcovery.example${path}`), env: { ASSETS } });

describe("serveCataloguePage (Cloudflare)", () => {
  it("serves the prerendered page when the build made one", async () => {
    const res = await call("dish", "/dish/7");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("prerendered dish 7");
    expect(res.headers.get("x-from-headers-file")).toBe("yes");
  });

  it("serves the kind's fallback with status 200 for an id added after the build", async () => {
    const ASSETS = site();
    const res = await call("dish", "/dish/8/", ASSETS);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("dish fallback");
    expect(ASSETS.requested).toEqual(["/dish/8/", "/dish/fallback/"]);
    expect(await (await call("offers", "/offers/12")).text()).toBe("offer fallback");
  });

  it("answers the 404 page with status 404 for ids that cannot exist", async () => {
    for (const path of ["/dish/abc", "/dish/0", "/dish/fallback"]) {
      const res = await call("dish", path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe("not found page");
    }
  });
});
