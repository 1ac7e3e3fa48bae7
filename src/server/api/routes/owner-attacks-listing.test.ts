// Issue 29 "Owners": listing a place must not make you its owner. Each test replays an attack
// through the real API and failed before the fix (docs/security.md "Owners").
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { claimCodeFor, makeOwner } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

/** An answer as JSON, its data loosely typed for assertions. */
async function readEnvelope(res: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  return (await res.json()) as { code: number; message: string; data: any };
}

let placeCount = 0;
/** The attacker lists a new place through the review modal's call, typing their own address as its contact. */
async function listPlace(who: TestUser, contactEmail: string): Promise<number> {
  placeCount += 1;
  const res = await sendJson(t, "POST", "/api/restaurants/save", who, {
    name: `Pop-up Noodle Bar ${placeCount}`,
    address: "3 Brick Lane",
    postCode: "E1 6PU",
    region: f.regionIds.East,
    area: f.areaIds.Shoreditch,
    tags: ["Japanese"],
    contactEmail,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await readEnvelope(res)).data.id;
}

async function approveListing(id: number) {
  const moderator = await createUser(t);
  await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
  const approved = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
    kind: "restaurant",
    id,
    action: "approve",
    reason: "no-violation",
    note: "A real place.",
  });
  expect(approved.status, await approved.clone().text()).toBe(200);
}

const mailsTo = (address: string) => (t.deps.outbox?.() ?? []).filter((m) => m.to === address);

describe("listing a place must not make you its owner", () => {
  it("a lister's own contact address is only a suggestion for moderators: no code is mailed to it", async () => {
    const lister = await createUser(t);
    const id = await listPlace(lister, lister.email);
    const started = await sendJson(t, "POST", `/api/restaurants/${id}/claim`, lister);
    expect(started.status).toBe(200);
    expect((await readEnvelope(started)).data).toMatchObject({ routes: ["evidence"], codeSentTo: null });
    expect(mailsTo(lister.email)).toEqual([]);
    // Nowhere a claim could mail it: the restaurant has no contact address.
    const [row] = await t.db.all<{ contact_email: string | null }>(
      sql`SELECT contact_email FROM restaurants WHERE id = ${id}`,
    );
    expect(row!.contact_email).toBeNull();
    // The moderators see what was typed, as a suggestion.
    const [item] = await t.db.all<{ signals: string }>(
      sql`SELECT signals FROM moderation_items WHERE kind = 'restaurant' AND target_id = ${id} AND state = 'open'`,
    );
    expect(JSON.parse(item!.signals)).toMatchObject({
      addedBy: lister.userId,
      suggestedContactEmail: lister.email,
    });
  });

  it("only a moderator's edit makes a suggested address the contact address: then the code route opens", async () => {
    const lister = await createUser(t);
    const suggested = `kitchen-${placeCount + 1}@pop-up.example`;
    const id = await listPlace(lister, suggested);
    const moderator = await createUser(t);
    await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
    const edited = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
      kind: "restaurant",
      id,
      action: "edit",
      reason: "no-violation",
      note: "Phoned the restaurant: this is their address.",
      fields: { contactEmail: suggested },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const claimant = await createUser(t);
    const started = await sendJson(t, "POST", `/api/restaurants/${id}/claim`, claimant);
    expect((await readEnvelope(started)).data.routes).toEqual(["code", "evidence"]);
    expect(mailsTo(suggested)).toHaveLength(1);
    // A dish has no contact address.
    const onDish = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
      kind: "dish",
      id: f.dishIds.Edamame,
      action: "edit",
      reason: "no-violation",
      note: "x",
      fields: { contactEmail: suggested },
    });
    expect(onDish.status).toBe(400);
  });

  it("the code route stays shut for a listing no moderator approved, even with a contact address", async () => {
    const lister = await createUser(t);
    const id = await listPlace(lister, "");
    const code = await claimCodeFor(t, id, lister.userId);
    const started = await sendJson(t, "POST", `/api/restaurants/${id}/claim`, lister);
    expect((await readEnvelope(started)).data.routes).toEqual(["evidence"]);
    const verified = await sendJson(t, "POST", `/api/restaurants/${id}/claim/verify`, lister, { code });
    expect(verified.status).toBe(409);
    const owners = await t.db.all(sql`SELECT id FROM restaurant_owners WHERE restaurant_id = ${id}`);
    expect(owners).toEqual([]);
  });

  it("a community-added restaurant shows no Claimed badge until a moderator approves it", async () => {
    const lister = await createUser(t);
    const id = await listPlace(lister, "");
    await makeOwner(t, id, lister.userId);
    const read = async () => (await readEnvelope(await t.app.request(`/api/restaurants/${id}`))).data;
    expect((await read()).claimedAt).toBeNull();
    const search = await readEnvelope(await t.app.request("/api/restaurants/searchTop?keyword=pop-up"));
    const found = (search.data as { id: number; claimedAt: string | null }[]).find((r) => r.id === id);
    expect(found?.claimedAt ?? null).toBeNull();
    // A moderator approves the listing: the badge shows.
    await approveListing(id);
    expect((await read()).claimedAt).toBe("2026-11-25");
  });

  it("dishes an owner adds to a pending listing are pending: in no ranked list and no diet filter", async () => {
    const lister = await createUser(t);
    const id = await listPlace(lister, "");
    await makeOwner(t, id, lister.userId);
    const saved = await sendJson(t, "PUT", `/api/restaurants/${id}/menu`, lister, {
      dishes: [
        {
          dishName: "Zzyzx Vegan Udon",
          price: 9.5,
          description: "",
          allergens: [],
          diets: ["vegan"],
        },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [dish] = (await readEnvelope(saved)).data.dishes as { id: number; communityAdded: boolean }[];
    expect(dish!.communityAdded).toBe(true);
    const ids = async (path: string) =>
      ((await readEnvelope(await t.app.request(path))).data as { id: number }[]).map((d) => d.id);
    expect(await ids(`/api/dishes/top?restaurantId=${id}`)).not.toContain(dish!.id);
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=zzyzx&diet=vegan")).toEqual([]);
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=zzyzx&freeFrom=peanuts")).toEqual([]);
    const dishPage = async () => (await readEnvelope(await t.app.request(`/api/dishes/${dish!.id}`))).data;
    expect((await dishPage()).communityAdded).toBe(true);
    // Listed with its restaurant once a moderator approves it, and its cached reads say so at once.
    await approveListing(id);
    expect((await dishPage()).communityAdded).toBe(false);
    expect(await ids("/api/dishes/searchByKeywordLocationTop?keyword=zzyzx&diet=vegan")).toEqual([dish!.id]);
    const [row] = await t.db.all<{ listing_state: string }>(
      sql`SELECT listing_state FROM dishes WHERE id = ${dish!.id}`,
    );
    expect(row!.listing_state).toBe("approved");
  });

  it("the claim mail carries no text the claimant typed, only the restaurant's approved name", async () => {
    const id = f.restaurantIds["Trattoria Roma"]!;
    const contact = "hello@trattoria-roma.example";
    await t.db.run(sql`UPDATE restaurants SET contact_email = ${contact} WHERE id = ${id}`);
    const claimant = await createUser(t, {
      username: "win-a-prize-at-evil.example",
      email: "claimant@call-0800-refund.example",
    });
    const res = await sendJson(t, "POST", `/api/restaurants/${id}/claim`, claimant);
    expect(res.status).toBe(200);
    const mail = mailsTo(contact).at(-1)!;
    expect(mail.text).toContain("Trattoria Roma");
    expect(mail.text).not.toContain(claimant.username);
    expect(mail.subject).not.toContain(claimant.username);
    expect(mail.text).not.toContain("call-0800-refund");
  });
});
