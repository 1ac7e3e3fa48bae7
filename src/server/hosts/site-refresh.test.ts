import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishCatalogueChanges } from "../api/services/catalogue-changes.ts";
import {
  completeFromServed,
  createSiteRefresher,
  newSiteFolder,
  pointSiteAt,
  pruneSiteFolders,
  refreshIntervalMs,
  restrictToChangedItems,
  type ChangedItems,
} from "./site-refresh.ts";
import { staticSite } from "./static-site.ts";
import { buildCatalogueFixture } from "../api/testing/fixture.ts";
import { createTestApp, type TestApp } from "../api/testing/test-app.ts";

let base: string;
let siteDir: string;

function put(folder: string, path: string, content: string) {
  const absolute = join(folder, path);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, content);
}

/** A served site: a dated folder and SITE_DIR linking to it, as `npm start` leaves them. */
async function servedSite(home: string): Promise<string> {
  const folder = join(base, "dist-1");
  put(folder, "index.html", home);
  put(folder, "404.html", "not found");
  put(folder, "dish/7/index.html", `dish 7, ${home}`);
  await pointSiteAt(siteDir, folder);
  return folder;
}

const quiet = () => {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "site-refresh-"));
  siteDir = join(base, "dist");
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("the refresh scheduler", () => {
  it("rebuilds once per window after changes, never two at once, with every change named", async () => {
    await servedSite("old");
    const runs: { start: number; end: number; items: ChangedItems }[] = [];
    let active = 0;
    let maxActive = 0;
    const refresher = await createSiteRefresher({
      siteDir,
      intervalMs: 150,
      log: quiet,
      rebuild: async (folder, _served, items) => {
        active++;
        maxActive = Math.max(maxActive, active);
        const start = Date.now();
        put(folder, "index.html", `run ${runs.length + 1}`);
        await sleep(60);
        active--;
        runs.push({ start, end: Date.now(), items });
      },
    });
    refresher.notify({ dishIds: [1], restaurantIds: [10] });
    refresher.notify({ dishIds: [2] });
    await sleep(20);
    // Changes while the first build runs wait for the next window, merged into one build.
    refresher.notify({ dishIds: [3] });
    refresher.notify({ offers: [{ id: 5, restaurantId: 10 }] });
    await sleep(400);
    await refresher.idle();
    refresher.stop();

    expect(runs).toHaveLength(2);
    expect(maxActive).toBe(1);
    expect(runs[0]!.items).toEqual({ dishes: [1, 2], restaurants: [10], offers: [] });
    expect(runs[1]!.items).toEqual({ dishes: [3], restaurants: [], offers: [5] });
    expect(runs[1]!.start - runs[0]!.start).toBeGreaterThanOrEqual(145);
    expect(readFileSync(join(siteDir, "index.html"), "utf8")).toBe("run 2");
  });

  it("does nothing without a change", async () => {
    await servedSite("old");
    let builds = 0;
    const refresher = await createSiteRefresher({
      siteDir,
      intervalMs: 10,
      log: quiet,
      rebuild: async () => void builds++,
    });
    await sleep(60);
    refresher.stop();
    expect(builds).toBe(0);
  });

  it("keeps serving the old site when a build fails, and retries the same changes next window", async () => {
    const old = await servedSite("old");
    const logged: string[] = [];
    const attempts: ChangedItems[] = [];
    const refresher = await createSiteRefresher({
      siteDir,
      intervalMs: 80,
      log: (level, message) => logged.push(`${level}: ${message}`),
      rebuild: async (folder, _served, items) => {
        attempts.push(items);
        put(folder, "index.html", "half-built");
        if (attempts.length === 1) throw new Error("astro build failed");
      },
    });
    refresher.notify({ restaurantIds: [4] });
    await sleep(20);
    await refresher.idle();

    expect(realpathSync(siteDir)).toBe(old);
    expect(refresher.currentRoot()).toBe(old);
    expect(readFileSync(join(siteDir, "index.html"), "utf8")).toBe("old");
    expect(logged).toContain("error: Site refresh failed; still serving the previous build");
    // The failed build's folder is gone.
    expect(existsSync(join(base, `dist-${Date.now()}`))).toBe(false);

    await sleep(120);
    await refresher.idle();
    refresher.stop();
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toEqual({ dishes: [], restaurants: [4], offers: [] });
    expect(readFileSync(join(siteDir, "index.html"), "utf8")).toBe("half-built");
  });

  it("keeps the previous folder for requests under way and deletes older ones", async () => {
    const first = await servedSite("old");
    const refresher = await createSiteRefresher({
      siteDir,
      intervalMs: 0,
      log: quiet,
      rebuild: async (folder) => put(folder, "index.html", folder),
    });
    const roots = [first];
    for (let i = 0; i < 3; i++) {
      refresher.notify({ dishIds: [i] });
      await sleep(10);
      await refresher.idle();
      roots.push(refresher.currentRoot());
    }
    refresher.stop();
    expect(new Set(roots).size).toBe(4);
    expect(existsSync(roots[0]!)).toBe(false);
    expect(existsSync(roots[1]!)).toBe(false);
    expect(existsSync(roots[2]!)).toBe(true);
    expect(readlinkSync(siteDir)).toBe(roots[3]!.split("/").at(-1));
  });
});

describe("the swap", () => {
  it("answers every request during swaps with the old or the new page, never a 404", async () => {
    await servedSite("generation 0");
    let generation = 0;
    const refresher = await createSiteRefresher({
      siteDir,
      intervalMs: 0,
      log: quiet,
      rebuild: async (folder) => {
        generation++;
        put(folder, "index.html", `generation ${generation}`);
        put(folder, "404.html", "not found");
        put(folder, "dish/7/index.html", `dish 7, generation ${generation}`);
      },
    });
    // Through the refresher's pointer, as the Node entry serves, and through the link alone.
    const viaPointer = new Hono().use("*", staticSite({ root: siteDir, currentRoot: refresher.currentRoot }));
    const viaLink = new Hono().use("*", staticSite({ root: siteDir }));

    const answers: { status: number; body: string }[] = [];
    let swapping = true;
    const swaps = (async () => {
      for (let i = 0; i < 15; i++) {
        refresher.notify({ dishIds: [7] });
        await sleep(2);
        await refresher.idle();
      }
      swapping = false;
    })();
    while (swapping) {
      const batch = await Promise.all(
        [viaPointer, viaLink].flatMap((app) =>
          ["/", "/dish/7"].map(async (path) => {
            const response = await app.request(path);
            return { status: response.status, body: await response.text() };
          }),
        ),
      );
      answers.push(...batch);
      // The static host answers from memory and statSync, all in microtasks: without a turn
      // of the event loop here the swaps' timers would never run.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await swaps;
    refresher.stop();

    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    for (const { body } of answers) expect(body).toMatch(/^(dish 7, )?generation \d+$/);
    // The memory of the served files follows the swap: the last page is the last build's.
    expect(await (await viaPointer.request("/")).text()).toBe("generation 15");
  });

  it("turns a site folder built before links into a dated folder and a link", async () => {
    put(siteDir, "index.html", "built in place");
    const fresh = join(base, "dist-2");
    put(fresh, "index.html", "fresh");
    await pointSiteAt(siteDir, fresh);
    expect(readFileSync(join(siteDir, "index.html"), "utf8")).toBe("fresh");
    expect(readlinkSync(siteDir)).toBe("dist-2");
  });
});

describe("a second server in the same folder (a rolling restart)", () => {
  it("never deletes the folder the first server serves, and the first follows the new build", async () => {
    await servedSite("first build");
    let clock = 0;
    const first = await createSiteRefresher({ siteDir, intervalMs: 0, log: quiet, now: () => clock });
    const app = new Hono().use("*", staticSite({ root: siteDir, currentRoot: first.currentRoot }));
    expect(await (await app.request("/dish/7")).text()).toBe("dish 7, first build");

    // What a second `npm start` does: build a new folder, point the link at it, prune the rest.
    const second = newSiteFolder(siteDir, 2);
    put(second, "index.html", "second build");
    put(second, "404.html", "not found");
    put(second, "dish/7/index.html", "dish 7, second build");
    await pointSiteAt(siteDir, second);
    await pruneSiteFolders(siteDir, [second]);

    // Requests the first server answers before it looks at the link again still read its folder.
    expect((await app.request("/dish/7")).status).toBe(200);
    clock += 5_000;
    expect(await (await app.request("/dish/7")).text()).toBe("dish 7, second build");
    first.stop();
  });

  it("frees a folder once no live process holds it", async () => {
    const folder = await servedSite("old");
    const orphan = join(base, "dist-5");
    put(orphan, "index.html", "left by a server that died");
    // A lease by a process that no longer exists does not keep a folder.
    put(orphan, ".leases/999999999", "");
    const fresh = join(base, "dist-9");
    put(fresh, "index.html", "new");
    await pointSiteAt(siteDir, fresh);
    await pruneSiteFolders(siteDir, [fresh]);
    expect(existsSync(orphan)).toBe(false);
    // No refresher leased the first folder in this test: nothing holds it.
    expect(existsSync(folder)).toBe(false);
  });
});

describe("a partial build", () => {
  it("builds only the changed items among those the full build would prerender", () => {
    const set = { dishes: [1, 2, 3], restaurants: [10, 11], offers: [5], areas: [1, 2] };
    expect(restrictToChangedItems(set, {})).toBe(set);
    expect(
      restrictToChangedItems(set, {
        SITE_BUILD_ITEMS: JSON.stringify({ dishes: [2, 99], restaurants: [], offers: [5] }),
      }),
    ).toEqual({ dishes: [2], restaurants: [], offers: [5], areas: [1, 2] });
    expect(() => restrictToChangedItems(set, { SITE_BUILD_ITEMS: '{"dishes":"all"}' })).toThrow();
  });

  it("takes the unchanged item pages and assets from the served folder as hard links", async () => {
    const served = join(base, "served");
    const fresh = join(base, "fresh");
    put(served, "dish/1/index.html", "old dish 1");
    put(served, "dish/2/index.html", "old dish 2");
    put(served, "restaurant/10/index.html", "restaurant 10");
    put(served, "_astro/old.js", "old asset");
    put(served, "index.html", "old home");
    put(served, ".build-stamp", "stamp");
    put(served, ".csp.json", JSON.stringify({ scripts: ["'sha256-a'"], styles: [] }));
    put(fresh, "dish/2/index.html", "new dish 2");
    put(fresh, "index.html", "new home");
    put(fresh, ".csp.json", JSON.stringify({ scripts: ["'sha256-b'"], styles: [] }));

    await completeFromServed(served, fresh);
    const read = (path: string) => readFileSync(join(fresh, path), "utf8");
    expect(read("dish/1/index.html")).toBe("old dish 1");
    expect(read("dish/2/index.html")).toBe("new dish 2");
    expect(read("restaurant/10/index.html")).toBe("restaurant 10");
    expect(read("_astro/old.js")).toBe("old asset");
    expect(read("index.html")).toBe("new home");
    expect(read(".build-stamp")).toBe("stamp");
    expect(JSON.parse(read(".csp.json"))).toEqual({ scripts: ["'sha256-b'", "'sha256-a'"], styles: [] });
    expect(statSync(join(fresh, "dish/1/index.html")).ino).toBe(
      statSync(join(served, "dish/1/index.html")).ino,
    );
  });

  it("keeps no copy of a changed item's page the fresh build did not write (a removed item)", async () => {
    const served = join(base, "served");
    const fresh = join(base, "fresh");
    put(served, "dish/1/index.html", "old dish 1");
    put(served, "restaurant/10/index.html", "restaurant 10");
    put(served, "restaurant/11/index.html", "restaurant 11");
    put(fresh, "index.html", "new home");

    await completeFromServed(served, fresh, { dishes: [], restaurants: [11], offers: [] });
    expect(existsSync(join(fresh, "restaurant/11/index.html"))).toBe(false);
    expect(readFileSync(join(fresh, "restaurant/10/index.html"), "utf8")).toBe("restaurant 10");
    expect(readFileSync(join(fresh, "dish/1/index.html"), "utf8")).toBe("old dish 1");
  });
});

describe("configuration and the write hook", () => {
  it("reads SITE_REFRESH_MINUTES, 10 by default, 0 for off, and refuses nonsense", () => {
    expect(refreshIntervalMs({})).toBe(600_000);
    expect(refreshIntervalMs({ SITE_REFRESH_MINUTES: "2.5" })).toBe(150_000);
    expect(refreshIntervalMs({ SITE_REFRESH_MINUTES: "0" })).toBe(0);
    expect(() => refreshIntervalMs({ SITE_REFRESH_MINUTES: "soon" })).toThrow(/SITE_REFRESH_MINUTES/);
    expect(() => refreshIntervalMs({ SITE_REFRESH_MINUTES: "-1" })).toThrow(/SITE_REFRESH_MINUTES/);
  });

  it("tells the host what a catalogue write changed, after the cache", async () => {
    const test = await createTestApp();
    try {
      const heard: unknown[] = [];
      await publishCatalogueChanges(
        { ...test.deps, onCatalogueChange: (changes) => void heard.push(changes) },
        { dishIds: [3, 3], restaurantIds: [1] },
      );
      expect(heard).toEqual([{ dishIds: [3, 3], restaurantIds: [1], offers: [] }]);
    } finally {
      await test.close();
    }
  });

  it("names a written dish's restaurant, whose page lists the dish with its rating (issue 30)", async () => {
    const test = await createTestApp();
    try {
      const f = await buildCatalogueFixture(test.db, test.clock.now());
      const [dishName, dishId] = Object.entries(f.dishIds)[0]!;
      const restaurantId = await restaurantOf(test, dishId);
      expect(restaurantId, dishName).toBeGreaterThan(0);
      const heard: unknown[] = [];
      await publishCatalogueChanges(
        { ...test.deps, onCatalogueChange: (changes) => void heard.push(changes) },
        { dishIds: [dishId] },
      );
      expect(heard).toEqual([{ dishIds: [dishId], restaurantIds: [restaurantId], offers: [] }]);
    } finally {
      await test.close();
    }
  });
});

async function restaurantOf(test: TestApp, dishId: number): Promise<number> {
  const dish = await test.app.request(`/api/dishes/${dishId}`);
  return ((await dish.json()) as { data: { restaurantId: number } }).data.restaurantId;
}
