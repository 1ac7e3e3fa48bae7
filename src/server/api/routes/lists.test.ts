// Lists (issue 32) through the real API over a real SQLite: making and changing lists, saving
// items, the save control's holding call, moving Want to try to Been, copying, limits, and who
// may read a list (visibility, private accounts, blocks, the unlisted link), each hidden list
// answering exactly as a missing one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LIST_MESSAGES,
  MAX_ITEMS_PER_LIST,
  MAX_LIST_NAME,
  MAX_LIST_NOTE,
  MAX_LISTS_PER_MEMBER,
  MERGED_ITEM_NOTE,
  REMOVED_ITEM_NOTE,
} from "../../../domain/lists.ts";
import { createUser, NO_SCRYPT, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { followOrRequest, setProfilePrivacy, blockUser } from "../db/queries/social-graph.ts";

let t: TestApp;
let f: CatalogueFixture;

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read as JSON; their shapes are the OpenAPI walk's to check */
type Body = { code: number; message: string; data: any };
async function call(method: string, path: string, who?: TestUser, body?: unknown) {
  const res = await sendJson(t, method, `/api${path}`, who, body);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}
const user = () => createUser(t, NO_SCRYPT);
const dish = (name: string) => f.dishIds[name]!;
const restaurant = (name: string) => f.restaurantIds[name]!;

async function newList(who: TestUser, visibility = "public", name = "Ramen crawl") {
  const made = await call("POST", "/lists", who, { name, visibility });
  expect(made.status).toBe(201);
  return made.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("a member's lists", () => {
  it("start with Want to try and Been, made on first ask, private and no-store", async () => {
    const me = await user();
    const mine = await call("GET", "/lists/mine", me);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body.data.lists.map((l: any) => [l.system, l.name])).toEqual([
      ["want", "Want to try"],
      ["been", "Been"],
    ]);
    expect((await call("GET", "/lists/mine", me)).body.data.lists).toHaveLength(2);
  });

  it("save an item with a note, say which lists hold it, and move it from Want to try to Been", async () => {
    const me = await user();
    const lists = (await call("GET", "/lists/mine", me)).body.data.lists as { id: number; system: string }[];
    const want = lists.find((l) => l.system === "want")!.id;
    const been = lists.find((l) => l.system === "been")!.id;
    const added = await call("POST", `/lists/${want}/items`, me, { kind: "dish", id: dish("Shoyu Ramen"), note: "Go early" });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ inList: true, note: "Go early" });
    const held = await call("GET", `/lists/holding?kind=dish&id=${dish("Shoyu Ramen")}`, me);
    expect(held.body.data.lists.filter((l: any) => l.holds).map((l: any) => l.id)).toEqual([want]);
    const moved = await call("POST", "/lists/items/move", me, { kind: "dish", id: dish("Shoyu Ramen") });
    expect(moved.body.data).toMatchObject({ listId: been, inList: true, note: "Go early" });
    const after = await call("GET", `/lists/holding?kind=dish&id=${dish("Shoyu Ramen")}`, me);
    expect(after.body.data.lists.filter((l: any) => l.holds).map((l: any) => l.id)).toEqual([been]);
  });

  it("show items sorted by added date, rating or distance, and a removed item with its note", async () => {
    const me = await user();
    const id = await newList(me);
    for (const name of ["Tonkotsu Lane", "Grill Republic"]) {
      expect((await call("POST", `/lists/${id}/items`, me, { kind: "restaurant", id: restaurant(name) })).status).toBe(200);
      t.clock.advance(1000);
    }
    const added = await call("GET", `/lists/${id}`, me);
    expect(added.body.data.items.map((i: any) => i.id)).toEqual([restaurant("Grill Republic"), restaurant("Tonkotsu Lane")]);
    expect((await call("GET", `/lists/${id}?sort=distance`, me)).status).toBe(400);
    const near = await call("GET", `/lists/${id}?sort=distance&lat=51.513&lng=-0.134`, me);
    expect(near.status).toBe(200);
    const rated = await call("GET", `/lists/${id}?sort=rating`, me);
    expect(rated.body.data.items).toHaveLength(2);
    await t.db.run(sql`UPDATE restaurants SET removed_at = 1 WHERE id = ${restaurant("Tonkotsu Lane")}`);
    const shown = await call("GET", `/lists/${id}`, me);
    const removed = shown.body.data.items.find((i: any) => i.savedId === restaurant("Tonkotsu Lane"));
    expect(removed).toMatchObject({ status: "removed", statusNote: REMOVED_ITEM_NOTE, name: "" });
    await t.db.run(sql`UPDATE restaurants SET removed_at = NULL WHERE id = ${restaurant("Tonkotsu Lane")}`);
  });
  it("show a dish and a restaurant with their facts, and a merged dish as the dish it went into, once", async () => {
    const me = await user();
    const id = await newList(me);
    const saves: [string, number][] = [
      ["dish", dish("Tiramisu")],
      ["restaurant", restaurant("Grill Republic")],
      ["dish", dish("Diavola")],
      ["dish", dish("Marinara")],
    ];
    for (const [kind, itemId] of saves) {
      expect((await call("POST", `/lists/${id}/items`, me, { kind, id: itemId })).status).toBe(200);
      t.clock.advance(1000);
    }
    const before = (await call("GET", `/lists/${id}`, me)).body.data.items;
    expect(before.map((i: any) => [i.kind, i.id, i.status])).toEqual([
      ["dish", dish("Marinara"), "listed"],
      ["dish", dish("Diavola"), "listed"],
      ["restaurant", restaurant("Grill Republic"), "listed"],
      ["dish", dish("Tiramisu"), "listed"],
    ]);
    expect(before[0]).toMatchObject({ name: "Marinara", restaurantName: "Bella Napoli", restaurantId: restaurant("Bella Napoli") });
    const place = await t.db.get<{ lat: number | null; lng: number | null }>(
      sql`SELECT lat, lng FROM restaurants WHERE id = ${restaurant("Bella Napoli")}`,
    );
    expect([before[0].lat, before[0].lng]).toEqual([place!.lat, place!.lng]);
    expect(before[2]).toMatchObject({ name: "Grill Republic", restaurantName: "Grill Republic", restaurantId: restaurant("Grill Republic") });
    // Diavola merged into Marinara (the list holds both), Tiramisu into Margherita (it does not).
    const merge = (from: number, into: number) =>
      t.db.run(sql`UPDATE dishes SET listing_state = 'merged', merged_into_id = ${into} WHERE id = ${from}`);
    await merge(dish("Diavola"), dish("Marinara"));
    await merge(dish("Tiramisu"), dish("Margherita"));
    try {
      const after = (await call("GET", `/lists/${id}`, me)).body.data.items;
      expect(after.map((i: any) => [i.kind, i.id, i.savedId, i.status])).toEqual([
        ["dish", dish("Marinara"), dish("Marinara"), "listed"],
        ["restaurant", restaurant("Grill Republic"), restaurant("Grill Republic"), "listed"],
        ["dish", dish("Margherita"), dish("Tiramisu"), "merged"],
      ]);
      expect(after[2]).toMatchObject({ name: "Margherita", statusNote: MERGED_ITEM_NOTE });
    } finally {
      await t.db.run(sql`UPDATE dishes SET listing_state = 'approved', merged_into_id = NULL WHERE id IN (${dish("Diavola")}, ${dish("Tiramisu")})`);
    }
  });
});

describe("bad input changes nothing", () => {
  it("an unknown item, a list that is not yours, a bad name and a full list", async () => {
    const [me, other] = [await user(), await user()];
    const id = await newList(me, "private");
    const unknown = await call("POST", `/lists/${id}/items`, me, { kind: "dish", id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(LIST_MESSAGES.itemNotFound);
    const notMine = await call("POST", `/lists/${id}/items`, other, { kind: "dish", id: dish("Shoyu Ramen") });
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe(LIST_MESSAGES.listNotFound);
    expect((await call("DELETE", `/lists/${id}`, other)).status).toBe(404);
    expect((await call("PATCH", `/lists/${id}`, other, { name: "Mine now" })).status).toBe(404);
    const badName = await call("POST", "/lists", me, { name: "a\u202Eb" });
    expect(badName.status).toBe(400);
    expect((await call("POST", "/lists", me, { name: "" })).status).toBe(400);
    expect((await call("GET", `/lists/${id}`, me)).body.data.itemCount).toBe(0);
    // Fill the list to the limit directly, then one more through the API.
    const rows = Array.from({ length: MAX_ITEMS_PER_LIST }, (_, i) => sql`(${id}, ${me.userId}, 'dish', ${100_000 + i}, '', 1)`);
    await t.db.run(sql`INSERT INTO list_items (list_id, owner_id, item_kind, item_id, note, added_at) VALUES ${sql.join(rows, sql`, `)}`);
    const full = await call("POST", `/lists/${id}/items`, me, { kind: "dish", id: dish("Shoyu Ramen") });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(LIST_MESSAGES.tooManyItems);
  });

  it("Want to try and Been cannot be deleted or renamed", async () => {
    const me = await user();
    const want = (await call("GET", "/lists/mine", me)).body.data.lists[0].id;
    expect((await call("DELETE", `/lists/${want}`, me)).status).toBe(409);
    expect((await call("PATCH", `/lists/${want}`, me, { name: "Later" })).status).toBe(409);
    expect((await call("PATCH", `/lists/${want}`, me, { visibility: "private" })).status).toBe(200);
  });
});

describe("who may read a list", () => {
  it("public to anyone, followers-only to followers, private to the owner; hidden answers as missing", async () => {
    const [owner, follower, stranger] = [await user(), await user(), await user()];
    await followOrRequest(t.db, follower.userId, owner.userId, t.clock.now());
    const pub = await newList(owner, "public");
    const fol = await newList(owner, "followers", "For friends");
    const priv = await newList(owner, "private", "Secret");
    const missing = await call("GET", "/lists/999999", stranger);
    expect((await call("GET", `/lists/${pub}`)).status).toBe(200);
    expect((await call("GET", `/lists/${fol}`, follower)).status).toBe(200);
    for (const [id, who] of [[fol, stranger], [priv, follower], [fol, undefined]] as const) {
      const hidden = await call("GET", `/lists/${id}`, who);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(missing.body);
    }
    const seen = await call("GET", `/users/${owner.userId}/lists`, stranger);
    expect(seen.body.data.lists.map((l: any) => l.id)).toEqual([pub]);
    expect(seen.body.data.lists[0].linkToken).toBeNull();
    const byFollower = await call("GET", `/users/${owner.userId}/lists`, follower);
    expect(byFollower.body.data.lists.map((l: any) => l.name)).toContain("For friends");
  });

  it("a private account's public list reaches its followers only", async () => {
    const [owner, follower, stranger] = [await user(), await user(), await user()];
    await followOrRequest(t.db, follower.userId, owner.userId, t.clock.now());
    const pub = await newList(owner, "public");
    await setProfilePrivacy(t.db, owner.userId, true, t.clock.now());
    expect((await call("GET", `/lists/${pub}`, stranger)).status).toBe(404);
    expect((await call("GET", `/lists/${pub}`, follower)).status).toBe(200);
  });

  it("the unlisted link reads a private list, but never across a block", async () => {
    const [owner, friend, blocked] = [await user(), await user(), await user()];
    const priv = await newList(owner, "private", "Secret");
    const token = (await call("GET", `/lists/${priv}`, owner)).body.data.linkToken as string;
    expect((await call("GET", `/lists/link/${token}`, friend)).status).toBe(200);
    expect((await call("GET", `/lists/link/${token}`)).body.data.linkToken).toBeNull();
    await blockUser(t.db, owner.userId, blocked.userId, t.clock.now());
    expect((await call("GET", `/lists/link/${token}`, blocked)).status).toBe(404);
    const pub = await newList(owner, "public");
    expect((await call("GET", `/lists/${pub}`, blocked)).status).toBe(404);
    expect((await call("GET", `/users/${owner.userId}/lists`, blocked)).status).toBe(404);
    expect((await call("POST", `/lists/${pub}/copy`, blocked)).status).toBe(404);
    // A renewed link stops the old one.
    await call("PATCH", `/lists/${priv}`, owner, { rotateLink: true });
    expect((await call("GET", `/lists/link/${token}`, friend)).status).toBe(404);
  });

  it("a public list can be copied, notes included, into a private list of one's own", async () => {
    const [owner, reader] = [await user(), await user()];
    const pub = await newList(owner, "public");
    await call("POST", `/lists/${pub}/items`, owner, { kind: "dish", id: dish("Shoyu Ramen"), note: "Rich broth" });
    const copy = await call("POST", `/lists/${pub}/copy`, reader);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ ownerId: reader.userId, visibility: "private", copiedFromId: pub, itemCount: 1 });
    const read = await call("GET", `/lists/${copy.body.data.id}`, reader);
    expect(read.body.data.items[0].note).toBe("Rich broth");
    const fol = await newList(owner, "followers");
    expect((await call("POST", `/lists/${fol}/copy`, reader)).status).toBe(404);
  });
});

describe("copying a list, the list page's settings and their bad input", () => {
  it("copies neither one's own list nor a hidden one, and stops at the lists limit with nothing made", async () => {
    const [owner, reader] = [await user(), await user()];
    const pub = await newList(owner, "public", "Best bao");
    const own = await call("POST", `/lists/${pub}/copy`, owner);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(LIST_MESSAGES.onlyPublicCopied);
    const priv = await newList(owner, "private", "Hidden gems");
    const missing = await call("POST", "/lists/999999/copy", reader);
    const hidden = await call("POST", `/lists/${priv}/copy`, reader);
    expect([missing.status, hidden.status]).toEqual([404, 404]);
    expect(hidden.body).toEqual(missing.body);
    expect(JSON.stringify(hidden.body)).not.toContain("Hidden gems");
    // Fill the reader's lists to the limit directly, then copy through the API.
    await call("GET", "/lists/mine", reader);
    const have = Number((await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM lists WHERE owner_id = ${reader.userId}`))!.n);
    const rows = Array.from(
      { length: MAX_LISTS_PER_MEMBER - have },
      (_, i) => sql`(${reader.userId}, ${`Filler ${i}`}, '', 'private', ${`filler-${reader.userId}-${i}-0123456789`}, 1)`,
    );
    await t.db.run(
      sql`INSERT INTO lists (owner_id, name, description, visibility, link_token, created_at) VALUES ${sql.join(rows, sql`, `)}`,
    );
    const full = await call("POST", `/lists/${pub}/copy`, reader);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(LIST_MESSAGES.tooManyLists);
    const count = await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM lists WHERE owner_id = ${reader.userId}`);
    expect(Number(count!.n)).toBe(MAX_LISTS_PER_MEMBER);
  });

  it("refuses a long name, a bad visibility or a long note with the API's message, and changes nothing", async () => {
    const me = await user();
    const id = await newList(me, "public", "Curry club");
    await call("POST", `/lists/${id}/items`, me, { kind: "dish", id: dish("Shoyu Ramen"), note: "Order the special" });
    const longName = await call("PATCH", `/lists/${id}`, me, { name: "x".repeat(MAX_LIST_NAME + 1), visibility: "private" });
    expect(longName.status).toBe(400);
    expect(JSON.stringify(longName.body)).toContain(LIST_MESSAGES.nameTooLong);
    const badVisibility = await call("PATCH", `/lists/${id}`, me, { name: "Curry crew", visibility: "friends" });
    expect(badVisibility.status).toBe(400);
    expect(JSON.stringify(badVisibility.body)).toContain(LIST_MESSAGES.visibility);
    const longNote = await call("PATCH", `/lists/${id}/items/dish/${dish("Shoyu Ramen")}`, me, { note: "y".repeat(MAX_LIST_NOTE + 1) });
    expect(longNote.status).toBe(400);
    expect(JSON.stringify(longNote.body)).toContain(LIST_MESSAGES.noteTooLong);
    const after = await call("GET", `/lists/${id}`, me);
    expect(after.body.data).toMatchObject({ name: "Curry club", visibility: "public" });
    expect(after.body.data.items[0].note).toBe("Order the special");
    // And the good change goes through, with the API's message.
    const renamed = await call("PATCH", `/lists/${id}`, me, { name: "Curry crew", description: "Thursdays", visibility: "followers" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(LIST_MESSAGES.listUpdated);
    expect(renamed.body.data).toMatchObject({ name: "Curry crew", description: "Thursdays", visibility: "followers" });
  });
});

describe("export and erasure", () => {
  it("the export holds every list with its items and notes; deleting the account removes them", async () => {
    const me = await createUser(t);
    const id = await newList(me, "private", "Birthday ideas");
    await call("POST", `/lists/${id}/items`, me, { kind: "restaurant", id: restaurant("Grill Republic"), note: "Book ahead" });
    const exported = await call("GET", `/account/export/${me.userId}`, me);
    expect(exported.status).toBe(200);
    const lists = exported.body.data.lists as { name: string; items: { note: string }[] }[];
    expect(lists.find((l) => l.name === "Birthday ideas")?.items.map((i) => i.note)).toEqual(["Book ahead"]);
    const deleted = await call("POST", `/account/delete/${me.userId}`, me, { password: me.password });
    expect(deleted.status).toBe(200);
    const left = await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM list_items WHERE owner_id = ${me.userId}`);
    expect(Number(left!.n)).toBe(0);
    const kept = await t.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM lists WHERE id = ${id}`);
    expect(Number(kept!.n)).toBe(0);
  });
});
