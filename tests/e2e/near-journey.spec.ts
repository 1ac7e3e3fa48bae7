// Issue 31's "Done when", as one journey on a phone (390 × 844): allow location (emulated), see
// distances on the cards, narrow to < 1 km, open the map, click a marker on the map itself and
// reach its restaurant; then, in a fresh context, refuse location and choose King's Cross from
// the choice the refusal offers; then search "ramen near Old Street" and get the ramen within a
// walk of Old Street first. The map draws the bundled style (every request that leaves the site
// is blocked, as offline). axe checks each new state. The data is picked by its properties when
// the test runs: other files write to the same catalogue meanwhile.
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCATION_REFUSED_MESSAGE } from "../../src/client/near-me.ts";
import { distanceMeters, type LatLng } from "../../src/domain/geo-distance.ts";
import { STATION_WALK_METERS } from "../../src/domain/station-pages.ts";
import { LONDON_STATIONS } from "../../src/shared/geo/london-places.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { hydrateIslands, useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) =>
  expect.poll(read, { timeout, interval: 100 });

/** Room left under 1 km for the device's rounding of the position (3 decimals: about 110 m). */
const WITHIN_ONE_KM = 850;

/** A cuisine tag, and a position from which at least one place carrying it is under 1 km. */
let keyword: string;
let position: LatLng;
/** Two ramen places a member adds: one within a walk of Old Street, one a bus ride from it. */
let ramen: { near: { name: string; dish: string }; far: { name: string; dish: string } };

/** The tag whose places crowd closest: the map then has the most to cluster. */
async function crowdedTag(): Promise<void> {
  const rows = (await shared.database.db.all(
    sql`SELECT r.id AS id, r.lat AS lat, r.lng AS lng, t.tag_name AS tag FROM restaurants r
        JOIN restaurant_tags rt ON rt.restaurant_id = r.id JOIN tags t ON t.id = rt.tag_id
        WHERE r.lat IS NOT NULL AND r.listing_state = 'approved' AND r.removed_at IS NULL
        ORDER BY r.id, t.id`,
  )) as { id: number; lat: number; lng: number; tag: string }[];
  let best = { count: 0, tag: "", at: { lat: 0, lng: 0 } };
  for (const center of rows) {
    const near = rows.filter((row) => row.tag === center.tag && distanceMeters(center, row) <= WITHIN_ONE_KM);
    if (near.length > best.count) best = { count: near.length, tag: center.tag, at: center };
  }
  expect(best.count).toBeGreaterThan(0);
  keyword = best.tag;
  // Unrounded, and a little off the place itself: the page rounds it before it goes anywhere.
  position = { lat: best.at.lat + 0.000_123_4, lng: best.at.lng - 0.000_234_5 };
}

/** A member adds two ramen places through the API, placed by their postcode district. */
async function addRamenPlaces(): Promise<void> {
  const member = await helpers.signedInSession("ramenhunt");
  const stamp = Date.now().toString(36);
  // EC2A's centre is about 440 m from Old Street; WC1X's about 1.9 km, inside the 2 km a place
  // in a search reaches, but no walk. The far one says "Ramen" in its name too, so the search's
  // relevance alone would put it first.
  const places = {
    near: {
      name: `Hoxton Noodle Counter ${stamp}`,
      postCode: "EC2A 3AY",
      dish: `Miso Butter Ramen ${stamp}`,
    },
    far: { name: `Ramen Yokocho ${stamp}`, postCode: "WC1X 9AA", dish: `Yuzu Shio Ramen ${stamp}` },
  };
  for (const place of Object.values(places)) {
    const restaurantId = await helpers.addRestaurant(member, {
      name: place.name,
      address: "1 Test Street",
      postCode: place.postCode,
      tags: ["Ramen"],
    });
    const dish = await helpers.api<{ id: number }>(member, "/dishes/save", {
      method: "POST",
      body: JSON.stringify({ dishName: place.dish, price: "13.50", tags: ["Ramen"], restaurantId }),
    });
    expect(dish.status, dish.body.message).toBe(200);
  }
  ramen = places;
}

beforeAll(async () => {
  await Promise.all([crowdedTag(), addRamenPlaces()]);
});

const dishCards = (page: Page) => page.locator('section[aria-labelledby="result-dishes-heading"] .card');
const restaurantCards = (page: Page) =>
  page.locator('section[aria-labelledby="result-restaurants-heading"] .card');
const distancesOf = (cards: Locator) => cards.locator(".card-distance").allInnerTexts();

/** "650 m · 8 min walk" → 650; "1.2 km · 15 min walk" → 1200. */
function meters(text: string): number {
  const match = /^(\d[\d.]*) (m|km) · \d+ min walk$/.exec(text);
  if (!match) throw new Error(`not a distance: "${text}"`);
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
}

async function expectAxeClean(page: Page, within: string, state: string) {
  expect(await seriousViolations(page, within), state).toEqual([]);
}

/** What the map says it draws: each marker's place id or cluster size, where it is drawn. */
type Drawn = { x: number; y: number; id?: number; cluster?: number };

async function drawnMarkers(canvas: Locator): Promise<Drawn[]> {
  return JSON.parse((await canvas.getAttribute("data-map-drawn")) ?? "[]") as Drawn[];
}

/**
 * Clicks a marker on the map's canvas, as a finger would: a place's own marker when one is
 * drawn clear of the map's controls, else a cluster, which zooms in, until one is. The one
 * nearest the middle, away from the zoom buttons and the attribution. Returns its place id.
 */
async function clickAMarker(page: Page): Promise<number> {
  const canvas = page.locator(".map-view-canvas");
  const surface = canvas.locator("canvas.maplibregl-canvas");
  await surface.scrollIntoViewIfNeeded();
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const box = (await canvas.boundingBox())!;
    const clear = (marker: Drawn) =>
      marker.x > 24 && marker.x < box.width - 56 && marker.y > 24 && marker.y < box.height - 40;
    const middle = (marker: Drawn) => Math.hypot(marker.x - box.width / 2, marker.y - box.height / 2);
    const drawn = (await drawnMarkers(canvas)).filter(clear).sort((a, b) => middle(a) - middle(b));
    const point = drawn.find((marker) => marker.id !== undefined);
    const target = point ?? drawn.find((marker) => marker.cluster !== undefined);
    expect(target, "a marker drawn on the map, clear of its controls").toBeDefined();
    const before = await canvas.getAttribute("data-map-drawn");
    await surface.click({ position: { x: target!.x, y: target!.y } });
    if (point) return point.id!;
    // A cluster zooms in to where its places part: wait until the map has settled there.
    await eventually(async () => (await canvas.getAttribute("data-map-drawn")) !== before).toBe(true);
  }
  throw new Error("no single place's marker after zooming into clusters eight times");
}

describe("near you, on a phone (issue 31's Done when)", () => {
  it("allowed: distances, < 1 km, a marker clicked on the map, its restaurant; refused: King's Cross instead; ramen near Old Street", async () => {
    // 1. Location allowed (emulated), from the search results' Near me.
    await helpers.withPage(null, { forAxe: true }, async ({ page, context }) => {
      await context.grantPermissions(["geolocation"], { origin: helpers.url("") });
      await context.setGeolocation({ latitude: position.lat, longitude: position.lng });
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(keyword)}`));
      await page
        .getByRole("group", { name: "Near a place" })
        .getByRole("button", { name: "Near me" })
        .click();
      await page.waitForURL(/[?&]lat=/);
      const asked = new URL(page.url()).searchParams;
      expect(asked.get("lat")).toBe(String(Math.round(position.lat * 1000) / 1000));
      expect(asked.get("lng")).toBe(String(Math.round(position.lng * 1000) / 1000));

      // Every card says how far it is, the way people say it.
      await eventually(() =>
        distancesOf(restaurantCards(page)).then((shown) => shown.length),
      ).toBeGreaterThan(0);
      for (const cards of [dishCards(page), restaurantCards(page)]) {
        expect(await distancesOf(cards)).toHaveLength(await cards.count());
        for (const text of await distancesOf(cards)) expect(text).toMatch(/^\d[\d.]* (m|km) · \d+ min walk$/);
      }
      await eventually(() => page.getByRole("status").first().innerText()).toContain("near your location");
      await expectAxeClean(page, ".search-results", "results near your location");

      // < 1 km.
      const controls = page.getByRole("group", { name: "Near your location" });
      await controls.getByLabel("Distance", { exact: true }).selectOption("1");
      await controls.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/[?&]radiusKm=1\b/);
      await eventually(() =>
        distancesOf(restaurantCards(page)).then((shown) => shown.length),
      ).toBeGreaterThan(0);
      const restaurantsWithin = (await restaurantCards(page).locator(".card-title").allInnerTexts()).map(
        (t) => t.trim(),
      );
      const listedWithin = (
        await restaurantCards(page)
          .filter({ hasNot: page.locator(".card-flag") })
          .locator(".card-title")
          .allInnerTexts()
      ).map((t) => t.trim());
      for (const text of [
        ...(await distancesOf(dishCards(page))),
        ...(await distancesOf(restaurantCards(page))),
      ])
        expect(meters(text)).toBeLessThanOrEqual(1000);
      await expectAxeClean(page, ".search-results", "results within 1 km");

      // The map shows the same places: the ones within 1 km, nothing beyond.
      await page.getByRole("button", { name: "Map", exact: true }).click();
      const canvas = page.locator(".map-view-canvas");
      await eventually(() => canvas.getAttribute("data-map-state"), 30_000).toBe("ready");
      expect(await canvas.getAttribute("data-map-style")).toBe("bundled");
      await eventually(async () =>
        Number((await canvas.getAttribute("data-map-markers")) ?? 0),
      ).toBeGreaterThan(0);
      const listed = page.getByRole("list", { name: "Places on the map" }).locator(".map-view-place-name");
      await listed.first().waitFor();
      const onMap = (await listed.allInnerTexts()).map((text) => text.trim());
      for (const name of onMap) expect(restaurantsWithin, "a marker within 1 km").toContain(name);
      // Every listed place has its marker (one another file added, awaiting a moderator, may be
      // found by search and not mapped).
      for (const name of listedWithin) expect(onMap, "a listed place on the map").toContain(name);

      // A marker picked on the map itself: its card, in step with the list, then its page.
      const picked = await clickAMarker(page);
      const card = page.locator(`[data-map-card="${picked}"]`);
      await card.waitFor();
      const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
      expect(restaurantsWithin).toContain(name);
      const inList = page
        .getByRole("list", { name: "Places on the map" })
        .getByRole("button", { name: new RegExp(`^${escapeRegExp(name)}`) });
      expect(await inList.getAttribute("aria-pressed")).toBe("true");
      await eventually(() => canvas.getAttribute("data-map-layers")).toMatch(/\bplace-selected\b/);
      await expectAxeClean(page, ".map-view", "the map with a marker picked");
      await card.getByRole("link", { name: `Open ${name}` }).click();
      await page.waitForURL(/\/restaurant\/\d+$/);
      await page.getByRole("heading", { level: 1, name }).waitFor();
    });

    // 2. A fresh context: location refused, King's Cross chosen from what the refusal offers.
    await helpers.withPage(null, { forAxe: true }, async ({ page, context }) => {
      await context.clearPermissions();
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/search?keyword=${encodeURIComponent(keyword)}`));
      const near = page.getByRole("group", { name: "Near a place" });
      await near.getByRole("button", { name: "Near me" }).click();
      await eventually(() => near.getByRole("alert").innerText()).toBe(LOCATION_REFUSED_MESSAGE);
      expect(new URL(page.url()).searchParams.has("lat")).toBe(false);
      const box = near.getByRole("combobox", { name: "Or a station, postcode district or area" });
      await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.pressSequentially("King's Cross", { delay: 20 });
      const station = near.getByRole("option", {
        name: /^King's Cross & St Pancras International.*Station$/,
      });
      await station.waitFor();
      await expectAxeClean(page, ".near-controls", "location refused, a station offered");
      await station.click();
      await page.waitForURL(/[?&]station=kings-cross/);
      await eventually(() => page.getByRole("status").first().innerText()).toContain(
        "near King's Cross & St Pancras International",
      );
      expect(new URL(page.url()).searchParams.get("keyword")).toBe(keyword);
      const kingsCross = LONDON_STATIONS.find((s) => s.name === "King's Cross & St Pancras International")!;
      expect(new URL(page.url()).searchParams.get("station")).toBe(kingsCross.slug);
      // The lists now measure from King's Cross: every card within the default 2 km of it.
      const shown = [...(await distancesOf(dishCards(page))), ...(await distancesOf(restaurantCards(page)))];
      for (const text of shown) expect(meters(text)).toBeLessThanOrEqual(2000);
      await expectAxeClean(page, ".search-results", "results near King's Cross");

      // 3. The place in the words of the search: the ramen within a walk of Old Street first.
      await hydrateIslands(page);
      await page.getByRole("combobox", { name: "Dish, restaurant or cuisine" }).fill("ramen near Old Street");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("keyword") === "ramen near Old Street");
      // The place is in the words now: King's Cross is not kept beside them.
      expect(new URL(page.url()).searchParams.has("station")).toBe(false);
      await eventually(() => distancesOf(dishCards(page)).then((d) => d.length)).toBeGreaterThan(0);
      // The summary says where the API searched: the place read from the words, not London.
      await eventually(() => page.locator(".search-summary").innerText()).toContain("“ramen” near Old Street");
      const lists = [
        { cards: dishCards(page), near: ramen.near.dish, far: ramen.far.dish },
        { cards: restaurantCards(page), near: ramen.near.name, far: ramen.far.name },
      ];
      for (const { cards, near: nearName, far: farName } of lists) {
        const [first] = await distancesOf(cards);
        expect(meters(first!), "the first is within a walk of Old Street").toBeLessThanOrEqual(
          STATION_WALK_METERS,
        );
        const names = (await cards.locator(".card-title").allInnerTexts()).map((text) => text.trim());
        expect(names, "the ramen within a walk is found near Old Street").toContain(nearName);
        // Other files add ramen places within 2 km meanwhile, which may push the far one off
        // this page; where it is shown, it comes after the one within a walk.
        if (names.includes(farName)) expect(names.indexOf(nearName)).toBeLessThan(names.indexOf(farName));
      }
      await expectAxeClean(page, ".search-results", "ramen near Old Street");
    });
  }, 180_000);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
