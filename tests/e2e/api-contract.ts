// The API contract a client depends on, as one suite both hosts answer (issue 13, "Tests"):
// the Node entry (api-contract-node.spec.ts, against the shared e2e site) and the Cloudflare
// Function in workerd (edge-replica.spec.ts, against `npm run preview:edge`). Health, lists,
// search, a dish by id and a 404; sign-up through the development outbox; a review with a
// photo stored and served back; the item's page, on demand or prerendered, showing the review
// at once (issue 30); and a restaurant and a dish added through the API, open by id and found
// by search. Where the hosts legitimately differ (how a prerendered item page is kept current,
// decision 011) each host's own behaviour is asserted, by `builtItemPages`.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/api/db/node-client.ts";

export interface ContractHost {
  /** The site's origin: pages and /api. */
  base: string;
  /** The database the host was seeded from, to find an item it renders on demand. */
  databaseUrl: string;
  /** The built site, to tell prerendered items from on-demand ones. */
  siteDir: string;
  /**
   * Whether pages carry HSTS: always on Cloudflare Pages (its `_headers` is built for HTTPS),
   * on Node only with NODE_ENV=production.
   */
  sendsHsts: boolean;
  /**
   * How the host keeps an item page the build prerendered current (decision 011, issue 30).
   * "file": the build's file, which a browser revalidates on every visit (no-cache), until a
   * write names the item; from then on the page is rendered on demand (Node). "edge-cache":
   * the page is rendered on demand into caches.default with a short s-maxage, and a write to
   * the item purges it; the file answers only when the catalogue cannot be read (Cloudflare).
   */
  builtItemPages: "file" | "edge-cache";
  /** The host's recent log, for a failure's message. */
  log?: () => string;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function clientOf(host: ContractHost) {
  return {
    async api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: Envelope<T> }> {
      const res = await fetch(`${host.base}/api${path}`, init);
      return { status: res.status, body: (await res.json()) as Envelope<T> };
    },
  };
}

/** A dish with no built page: its page is rendered on demand. */
export async function onDemandDish(host: ContractHost): Promise<{ id: number; dishName: string }> {
  const { db, client } = await openDatabase(host.databaseUrl);
  try {
    const rows = await db.all<{ id: number; name: string }>(
      `SELECT id, dish_name AS name FROM dishes ORDER BY id DESC LIMIT 400` as never,
    );
    const candidates = rows.filter((r) => !existsSync(join(host.siteDir, "dish", String(r.id))));
    // Any of them, not always the same: the replica's D1 outlives a run, and a new account's
    // review of one dish every run would soon look like a burst to detection (issue 21).
    const row = candidates[Math.floor(Math.random() * candidates.length)];
    if (!row) throw new Error("every dish was prerendered: PRERENDER_CAP did not apply");
    return { id: row.id, dishName: row.name };
  } finally {
    client.close();
  }
}

function builtDishIds(host: Pick<ContractHost, "siteDir">): number[] {
  const ids = readdirSync(join(host.siteDir, "dish")).filter((name) => /^\d+$/.test(name)).map(Number);
  if (ids.length === 0) throw new Error("no dish page was prerendered");
  return ids;
}

/** The highest dish id with a built page. The suite reads its page and never writes to it. */
export function prerenderedDish(host: Pick<ContractHost, "siteDir">): number {
  return Math.max(...builtDishIds(host));
}

/**
 * A dish with a built page that no write has touched yet (on Node its file still answers), not
 * the one prerenderedDish names, and not always the same: the replica's D1 outlives a run.
 */
async function unwrittenBuiltDish(host: ContractHost): Promise<number> {
  const highest = prerenderedDish(host);
  const ids = builtDishIds(host)
    .filter((id) => id !== highest)
    .sort(() => Math.random() - 0.5);
  for (const id of ids.slice(0, 30)) {
    const res = await fetch(`${host.base}/dish/${id}`);
    await res.body?.cancel();
    if (res.status === 200 && (host.builtItemPages !== "file" || res.headers.get("cache-control") === "no-cache"))
      return id;
  }
  throw new Error("no built dish page answers as one no write has touched");
}

/** The Cache-Control of a page rendered on demand: a short CDN lifetime, never the browser's. */
export const ON_DEMAND_CACHE = /^public, max-age=0, s-maxage=(\d+)/;

/**
 * What a caller depends on from a prerendered item page no write has touched: on Node the
 * build's file, revalidated on every visit; on Cloudflare the Function's render, which
 * shared caches may hold for at most a minute (writes purge caches.default before that).
 */
export function expectBuiltItemPage(host: ContractHost, res: Response): void {
  const cacheControl = res.headers.get("cache-control") ?? "";
  if (host.builtItemPages === "file") {
    expect(cacheControl).toBe("no-cache");
  } else {
    expect(cacheControl).toMatch(ON_DEMAND_CACHE);
    expect(Number(ON_DEMAND_CACHE.exec(cacheControl)![1])).toBeLessThanOrEqual(60);
  }
}

/** What every page answers with, prerendered or rendered on demand (src/build/csp.ts). */
export const PAGE_SECURITY_HEADERS = [
  "content-security-policy",
  "x-frame-options",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

/** A new member, signed up through the development outbox and logged in. */
export async function signUp(
  h: ContractHost,
): Promise<{ userId: number; authorization: { authorization: string } }> {
  const { api } = clientOf(h);
  const tag = randomUUID().slice(0, 8);
  const email = `contract-${tag}@example.com`;
  const password = `smoked paprika ${tag}`;
  expect((await api(`/users/sendEmail?to=${email}`, { method: "POST" })).status).toBe(200);
  const outbox = await api<{ to: string; text: string }[]>("/dev/outbox");
  const code = /^([A-Z0-9]{6})$/m.exec(outbox.body.data.find((m) => m.to === email)!.text)![1]!;
  const verified = await api<{ signupTicket: string }>("/users/verifyEmailCode1", {
    method: "POST",
    body: new URLSearchParams({ email, code }),
  });
  expect(verified.status).toBe(200);
  const { signupTicket } = verified.body.data;
  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const signedUp = await api<{ userId: number }>(
    "/users/signup",
    json({
      email,
      password,
      firstName: "Edge",
      lastName: "Replica",
      username: `contract_${tag}`,
      phoneNumber: `+4477${String(Date.now()).slice(-8)}`,
      registrationMethod: "email",
      signupTicket,
    }),
  );
  expect(signedUp.status, signedUp.body.message).toBe(201);
  const login = await api<{ token: string }>("/users/login", json({ emailOrPhoneNumber: email, password }));
  expect(login.status).toBe(200);
  return {
    userId: signedUp.body.data.userId,
    authorization: { authorization: `Bearer ${login.body.data.token}` },
  };
}

export function apiContract(hostName: string, host: () => ContractHost): void {
  describe(`API contract on ${hostName}`, () => {
    it("answers health, lists, search and a dish by id", async () => {
      const { api } = clientOf(host());
      expect((await api<{ status: string }>("/health")).body).toEqual({
        code: 200,
        message: "success",
        data: { status: "ok" },
      });
      const top = await api<{ id: number; dishName: string }[]>("/dishes/top");
      expect(top.status).toBe(200);
      expect(top.body.data.length).toBeGreaterThan(0);
      const restaurants = await api<{ id: number }[]>("/restaurants/top");
      expect(restaurants.status).toBe(200);
      expect(restaurants.body.data.length).toBeGreaterThan(0);
      // FTS5 (on D1, the index the replica built with the app's own code).
      const found = await api<{ dishName: string }[]>("/dishes/searchByKeywordLocationTop?keyword=curry");
      expect(found.status).toBe(200);
      expect(found.body.data.length).toBeGreaterThan(0);
      const dish = await api<{ id: number; dishName: string }>(`/dishes/${top.body.data[0]!.id}`);
      expect(dish.body.data).toMatchObject({
        id: top.body.data[0]!.id,
        dishName: top.body.data[0]!.dishName,
      });
      const missing = await api<null>("/dishes/99999999");
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe(404);
    });

    it("answers a page rendered on demand with the security headers of a prerendered one", async () => {
      const h = host();
      const [onDemand, prerendered] = await Promise.all([
        onDemandDish(h).then((dish) => fetch(`${h.base}/dish/${dish.id}`)),
        fetch(`${h.base}/dish/${prerenderedDish(h)}/`),
      ]);
      expect(onDemand.status).toBe(200);
      expect(prerendered.status).toBe(200);
      // Rendered on demand: the CDN lifetime (decision 011). A built page: as its host keeps
      // it current (issue 30), the same security headers either way.
      expect(onDemand.headers.get("cache-control")).toMatch(ON_DEMAND_CACHE);
      expectBuiltItemPage(h, prerendered);
      const csp = onDemand.headers.get("content-security-policy");
      expect(csp).toMatch(/(^|; )script-src 'self'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(onDemand.headers.get("x-frame-options")).toBe("DENY");
      expect(onDemand.headers.get("x-content-type-options")).toBe("nosniff");
      expect(onDemand.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(onDemand.headers.get("strict-transport-security")).toBe(
        h.sendsHsts ? "max-age=63072000; includeSubDomains; preload" : null,
      );
      for (const name of PAGE_SECURITY_HEADERS) {
        expect(onDemand.headers.get(name), name).toBe(prerendered.headers.get(name));
      }
    });

    it("signs up through the outbox and posts a review with a photo, which the page shows at once", async () => {
      const h = host();
      const { api } = clientOf(h);
      const member = await signUp(h);

      // A JPEG as a phone's camera writes it, with a location in its EXIF: both hosts decode
      // and re-encode it, so not one byte of that reaches the stored file (issue 20).
      const location = "GPS 51.5,-0.12";
      const camera = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: "#c84" } })
          .jpeg()
          .withMetadata({
            exif: {
              IFD0: { ImageDescription: location },
              IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
            },
          })
          .toBuffer();
      const photo = await camera(800, 600);
      expect(photo.includes(location)).toBe(true);
      const dish = await onDemandDish(h);
      // Rendered on demand; on Cloudflare the Function's cache (miniflare's, here) keeps it.
      const countOnPage = async () => {
        const res = await fetch(`${h.base}/dish/${dish.id}`);
        expect(res.headers.get("cache-control")).toContain("s-maxage");
        return /class="cat-rating__count">([^<]+)</.exec(await res.text())?.[1];
      };
      const reviewCount = async () =>
        (await api<{ reviewCount: number }>(`/dishes/${dish.id}`)).body.data.reviewCount;
      const countBefore = await reviewCount();
      await countOnPage();
      const form = new FormData();
      form.append("dishId", String(dish.id));
      form.append("content", "Tried at the edge");
      form.append("rating", "4");
      form.append("images", new File([new Uint8Array(photo)], "dinner.jpg", { type: "image/jpeg" }));
      const posted = await api<{ postId: number }>("/posts/save", {
        method: "POST",
        body: form,
        headers: member.authorization,
      });
      // The host's log says why, a moment after the answer.
      if (posted.status !== 200) await new Promise((r) => setTimeout(r, 1500));
      expect(posted.status, `${posted.body.message}\n${h.log?.() ?? ""}`).toBe(200);
      // On Node the widths are encoded just after the answer (issue 23): read until they are in.
      const mine = await (async () => {
        for (let attempt = 0; ; attempt += 1) {
          const reviews = await api<{
            reviews: { content: string; photos: { name: string; srcset: unknown[] }[] }[];
          }>(`/reviews/dish/${dish.id}`);
          const found = reviews.body.data.reviews.find((r) => r.content === "Tried at the edge");
          if (!found || found.photos[0]?.srcset.length || attempt >= 80) return found!;
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      expect(mine).toBeDefined();
      const image = await fetch(`${h.base}/api/files/${mine.photos[0]!.name}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      expect(image.headers.get("content-security-policy")).toContain("sandbox");
      // sharp on Node, the WebAssembly codecs on the edge (decision 011): fresh WebP files.
      expect(image.headers.get("content-type")).toBe("image/webp");
      const stored = Buffer.from(await image.arrayBuffer());
      expect(stored.includes(location)).toBe(false);
      const storedMeta = await sharp(stored).metadata();
      expect([storedMeta.format, storedMeta.width, storedMeta.exif]).toEqual(["webp", 800, undefined]);

      // A profile photo straight from the camera is stored as a small square, also fresh.
      const avatarForm = new FormData();
      avatarForm.append("file", new File([new Uint8Array(await camera(2400, 1800))], "me.jpg", { type: "image/jpeg" }));
      const avatar = await api<{ profileImage: string }>(`/profiles/uploadImage/${member.userId}`, {
        method: "POST",
        body: avatarForm,
        headers: member.authorization,
      });
      expect(avatar.status, `${avatar.body.message}\n${h.log?.() ?? ""}`).toBe(200);
      const avatarFile = Buffer.from(await (await fetch(`${h.base}${avatar.body.data.profileImage}`)).arrayBuffer());
      expect(avatarFile.includes(location)).toBe(false);
      const avatarMeta = await sharp(avatarFile).metadata();
      expect([avatarMeta.format, avatarMeta.width, avatarMeta.height]).toEqual(["webp", 512, 512]);

      // The write reached the page: on Cloudflare it purged the cached copy, so the page shows
      // the new review at once, not after s-maxage.
      expect(await reviewCount()).toBe(countBefore + 1);
      expect(await countOnPage()).toBe(`${countBefore + 1} ${countBefore + 1 === 1 ? "review" : "reviews"}`);
    });

    it("shows a review on a prerendered item's page at once: Node leaves the build's file, the edge purges its copy (issue 30)", async () => {
      const h = host();
      const { api } = clientOf(h);
      const member = await signUp(h);
      const dishId = await unwrittenBuiltDish(h);
      const read = async (path = `/dish/${dishId}`) => {
        const res = await fetch(`${h.base}${path}`);
        const html = await res.text();
        return {
          res,
          count: /class="cat-rating__count">([^<]+)</.exec(html)?.[1],
          cacheStatus: res.headers.get("cf-cache-status"),
        };
      };
      const reviewCount = async () =>
        (await api<{ reviewCount: number }>(`/dishes/${dishId}`)).body.data.reviewCount;
      const countBefore = await reviewCount();
      const before = await read();
      expect(before.res.status).toBe(200);
      expectBuiltItemPage(h, before.res);
      if (h.builtItemPages === "edge-cache") {
        // Kept in caches.default (miniflare's, here): the next visit is answered from it.
        await expect.poll(async () => (await read()).cacheStatus, { timeout: 5_000 }).toBe("HIT");
      }

      const form = new FormData();
      form.append("dishId", String(dishId));
      form.append("content", "A built page must not contradict this");
      form.append("rating", "5");
      const posted = await api<{ postId: number }>("/posts/save", {
        method: "POST",
        body: form,
        headers: member.authorization,
      });
      expect(posted.status, `${posted.body.message}\n${h.log?.() ?? ""}`).toBe(200);
      const countAfter = countBefore + 1;
      expect(await reviewCount()).toBe(countAfter);
      const expected = `${countAfter} ${countAfter === 1 ? "review" : "reviews"}`;

      // At once, on the first visit after the write, by either address of the page.
      const after = await read();
      expect(after.count).toBe(expected);
      expect((await read(`/dish/${dishId}/`)).count).toBe(expected);
      if (h.builtItemPages === "file") {
        // Rendered on demand now: the build's file would contradict the write.
        expect(after.res.headers.get("cache-control")).toMatch(ON_DEMAND_CACHE);
      } else {
        // The write purged the kept copy, so this visit rendered the page afresh and kept it.
        expect(after.cacheStatus).not.toBe("HIT");
        expectBuiltItemPage(h, after.res);
        await expect.poll(async () => (await read()).cacheStatus, { timeout: 5_000 }).toBe("HIT");
        expect((await read()).count).toBe(expected);
      }
    });

    it("answers a review's page with Open Graph tags and the pages' headers; a private review, the missing one's 404", async () => {
      const h = host();
      const { api } = clientOf(h);
      const member = await signUp(h);
      const dish = await onDemandDish(h);
      const form = new FormData();
      form.append("dishId", String(dish.id));
      form.append("content", "A review with a page of its own");
      form.append("rating", "4.2");
      const posted = await api<{ postId: number }>("/posts/save", {
        method: "POST",
        body: form,
        headers: member.authorization,
      });
      expect(posted.status, posted.body.message).toBe(200);
      const id = posted.body.data.postId;
      // Issue 24: every review has its own page, rendered on demand with the same headers.
      const [page, prerendered] = await Promise.all([
        fetch(`${h.base}/review/${id}`),
        fetch(`${h.base}/dish/${prerenderedDish(h)}/`),
      ]);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(`<meta property="og:url" content="`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/review/${id}">`));
      expect(html).toContain(`review of ${dish.dishName.replace(/&/g, "&amp;")}`);
      expect(html).toContain("A review with a page of its own");
      expect(page.headers.get("cache-control")).toBe("no-cache");
      for (const name of PAGE_SECURITY_HEADERS)
        expect(page.headers.get(name), name).toBe(prerendered.headers.get(name));

      const privacy = await api(`/profiles/updatePrivacy/${member.userId}`, {
        method: "POST",
        headers: { ...member.authorization, "content-type": "application/json" },
        body: JSON.stringify({ isPrivate: true }),
      });
      expect(privacy.status).toBe(200);
      const [hidden, missing] = await Promise.all([
        fetch(`${h.base}/review/${id}`),
        fetch(`${h.base}/review/999999999`),
      ]);
      expect([hidden.status, missing.status]).toEqual([404, 404]);
      const [hiddenHtml, missingHtml] = await Promise.all([hidden.text(), missing.text()]);
      expect(hiddenHtml.replaceAll(`/review/${id}`, "/review/N")).toBe(
        missingHtml.replaceAll("/review/999999999", "/review/N"),
      );
      for (const name of PAGE_SECURITY_HEADERS)
        expect(hidden.headers.get(name), name).toBe(prerendered.headers.get(name));
      // The templates the pages are made from are never pages themselves.
      expect((await fetch(`${h.base}/review/_template/`)).status).toBe(404);
    });

    it("adds a restaurant and then a dish to it, which open by id and are found by search", async () => {
      // Broke on D1 alone: the dish's save read a libSQL-only field and answered 404 (issue 25).
      const h = host();
      const { api } = clientOf(h);
      const member = await signUp(h);
      const send = <T>(path: string, body: unknown) =>
        api<T>(path, {
          method: "POST",
          headers: { "content-type": "application/json", ...member.authorization },
          body: JSON.stringify(body),
        });
      // A made-up word, so search finds this run's items and nothing else.
      const word = `zq${randomUUID().replace(/[^a-f]/g, "")}`;
      const areas = await api<{ id: number; areaName: string; regionId: number }[]>("/areas/all");
      const area = areas.body.data[0];
      const [tag] = (await api<{ tagName: string }[]>("/tags/getLimitedTags?limit=1")).body.data;
      const restaurant = await send<{ id: number }>("/restaurants/save", {
        name: `Contract Canteen ${word}`,
        address: "1 Test Street",
        postCode: "N1 1AA",
        region: area!.regionId,
        area: area!.id,
        tags: [tag!.tagName],
      });
      expect(restaurant.status, `${restaurant.body.message}\n${h.log?.() ?? ""}`).toBe(200);
      const restaurantId = restaurant.body.data.id;
      const dish = await send<{ id: number }>("/dishes/save", {
        dishName: `Contract Noodles ${word}`,
        price: "9.50",
        tags: [tag!.tagName],
        restaurantId,
      });
      expect(dish.status, `${dish.body.message}\n${h.log?.() ?? ""}`).toBe(200);
      const dishId = dish.body.data.id;

      expect((await api(`/restaurants/${restaurantId}`)).body.data).toMatchObject({
        id: restaurantId,
        name: `Contract Canteen ${word}`,
      });
      expect((await api(`/dishes/${dishId}`)).body.data).toMatchObject({
        id: dishId,
        dishName: `Contract Noodles ${word}`,
        restaurantId,
        price: 9.5,
        location: { area: area!.areaName },
      });
      const ids = async (path: string) =>
        (await api<{ id: number }[]>(path)).body.data.map((item) => item.id);
      expect(await ids(`/restaurants/searchTop?keyword=${word}`)).toEqual([restaurantId]);
      expect(await ids(`/dishes/searchByKeywordLocationTop?keyword=${word}`)).toEqual([dishId]);
    });
  });
}
