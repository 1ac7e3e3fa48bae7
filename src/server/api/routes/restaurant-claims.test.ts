// Claiming a restaurant (issue 22, docs/owners.md): by a code mailed to its contact address,
// with the sign-up code's limits; by evidence stored privately and decided by a moderator.
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_ATTEMPTS } from "../../../domain/account-rules.ts";
import { createUser, latestCode, readEnvelope, sendJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
});
afterAll(() => t.close());

const contactOf = (name: string) => `hello@${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;

async function withContact(name: string): Promise<{ id: number; contact: string }> {
  const id = f.restaurantIds[name]!;
  const contact = contactOf(name);
  await t.db.run(sql`UPDATE restaurants SET contact_email = ${contact} WHERE id = ${id}`);
  return { id, contact };
}

const claim = (who: TestUser, id: number) => sendJson(t, "POST", `/api/restaurants/${id}/claim`, who);
const verify = (who: TestUser, id: number, code: string) =>
  sendJson(t, "POST", `/api/restaurants/${id}/claim/verify`, who, { code });

async function ownerRows(restaurantId: number) {
  return t.db.all<{ user_id: number; active: number; method: string }>(
    sql`SELECT user_id, active, method FROM restaurant_owners WHERE restaurant_id = ${restaurantId} ORDER BY id`,
  );
}

async function evidenceForm(bytes: Uint8Array, name: string, type: string, note?: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  if (note) form.append("note", note);
  return form;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("claiming by e-mailed code", () => {
  it("mails a code to the contact address, naming no account, and the right code makes the owner", async () => {
    const { id, contact } = await withContact("Kyoto Ramen House");
    const owner = await createUser(t);
    const started = await claim(owner, id);
    expect(started.status).toBe(200);
    const { data } = await readEnvelope(started);
    expect(data).toMatchObject({
      routes: ["code", "evidence"],
      codeSentTo: "h***@kyoto-ramen-house.example",
    });
    const mail = t.deps.outbox!().findLast((m) => m.to === contact)!;
    // Issue 29: nothing the claimant typed (their username, their address) is in the mail.
    expect(mail.text).not.toContain(owner.username);
    expect(mail.text).not.toContain(owner.email);

    // Before: unclaimed, and the contact address is in no answer.
    const before = await readEnvelope(await t.app.request(`/api/restaurants/${id}`));
    expect(before.data.claimedAt).toBeNull();
    expect(JSON.stringify(before)).not.toContain(contact);

    const res = await verify(owner, id, latestCode(t, contact)!);
    expect(res.status).toBe(200);
    expect((await readEnvelope(res)).data).toEqual({
      restaurantId: id,
      claimedAt: "2026-11-25",
      method: "code",
    });
    expect(await ownerRows(id)).toEqual([{ user_id: owner.userId, active: 1, method: "code" }]);
    // Live at once: the cached restaurant answer was dropped.
    const after = await readEnvelope(await t.app.request(`/api/restaurants/${id}`));
    expect(after.data.claimedAt).toBe("2026-11-25");
    expect(JSON.stringify(after)).not.toContain(contact);
    // Logged.
    const log = await t.db.all<{ action: string }>(
      sql`SELECT action FROM moderation_log WHERE kind = 'restaurant' AND target_id = ${id} ORDER BY id`,
    );
    expect(log.map((l) => l.action)).toEqual(["owner:claim-started", "owner:claim-code-verified"]);
    // The owner asking again is told so.
    expect((await claim(owner, id)).status).toBe(409);
  });

  it("refuses wrong codes, then answers 429 once out of tries, and nobody becomes the owner", async () => {
    const { id, contact } = await withContact("Tonkotsu Lane");
    const guesser = await createUser(t);
    await claim(guesser, id);
    const right = latestCode(t, contact)!;
    const wrong = right === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const res = await verify(guesser, id, wrong);
      expect(res.status).toBe(400);
      expect((await readEnvelope(res)).data).toEqual({ fields: { code: expect.any(String) } });
    }
    expect((await verify(guesser, id, right)).status).toBe(429);
    expect(await ownerRows(id)).toEqual([]);
  });

  it("offers only evidence where there is no contact address, or where an owner is verified", async () => {
    const stranger = await createUser(t);
    const noContact = f.restaurantIds["Trattoria Roma"]!;
    expect((await readEnvelope(await claim(stranger, noContact))).data).toMatchObject({
      routes: ["evidence"],
      codeSentTo: null,
    });
    const owned = f.restaurantIds["Kyoto Ramen House"]!;
    expect((await readEnvelope(await claim(stranger, owned))).data.routes).toEqual(["evidence"]);
    expect((await claim(stranger, 999_999)).status).toBe(404);
  });

  it("limits claim mails to one address like sign-up codes", async () => {
    const { id } = await withContact("Bella Napoli");
    const asker = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await claim(asker, id)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("claiming by evidence", () => {
  it("stores the evidence privately, opens a queue item, and a moderator's approval makes the owner", async () => {
    const id = f.restaurantIds["Trattoria Roma"]!;
    const claimant = await createUser(t);
    const res = await sendJson(
      t,
      "POST",
      `/api/restaurants/${id}/claim/evidence`,
      claimant,
      await evidenceForm(PDF, "bill.pdf", "application/pdf", "Our gas bill"),
    );
    expect(res.status).toBe(200);
    const { claimId } = (await readEnvelope(res)).data;
    const [row] = await t.db.all<{ evidence_key: string; evidence_type: string }>(
      sql`SELECT evidence_key, evidence_type FROM restaurant_claims WHERE id = ${claimId}`,
    );
    expect(row!.evidence_type).toBe("application/pdf");
    // Never reachable through the public files route, whatever the spelling.
    for (const path of [row!.evidence_key, encodeURIComponent(row!.evidence_key)]) {
      expect([400, 404]).toContain((await t.app.request(`/api/files/${path}`)).status);
    }
    // A queue item of kind restaurant, source claim-evidence.
    const [item] = await t.db.all<{ source: string; signals: string }>(
      sql`SELECT source, signals FROM moderation_items WHERE kind = 'restaurant' AND target_id = ${id} AND state = 'open'`,
    );
    expect(item!.source).toBe("claim-evidence");
    expect(JSON.parse(item!.signals).claim).toMatchObject({
      claimId,
      userId: claimant.userId,
      note: "Our gas bill",
    });

    // Only moderators read it.
    const url = `/api/moderation/claims/${claimId}/evidence`;
    expect((await sendJson(t, "GET", url, claimant)).status).toBe(403);
    const moderator = await createUser(t);
    await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
    const file = await sendJson(t, "GET", url, moderator);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // The same claimant cannot send a second one while it waits (issue 29: one per claimant).
    const second = await sendJson(
      t,
      "POST",
      `/api/restaurants/${id}/claim/evidence`,
      claimant,
      await evidenceForm(PDF, "b.pdf", "application/pdf"),
    );
    expect(second.status).toBe(409);

    const decided = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
      kind: "restaurant",
      id,
      action: "approve-claim",
      reason: "no-violation",
      note: "The bill names the restaurant and the claimant.",
      claimId,
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(await ownerRows(id)).toEqual([{ user_id: claimant.userId, active: 1, method: "evidence" }]);
    expect((await readEnvelope(await t.app.request(`/api/restaurants/${id}`))).data.claimedAt).toBe(
      "2026-11-25",
    );
  });

  it("sends a second claim on an owned restaurant to a moderator, whose approval transfers it", async () => {
    const id = f.restaurantIds["Kyoto Ramen House"]!;
    const [first] = await ownerRows(id);
    const newcomer = await createUser(t);
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#eee" } })
      .png()
      .toBuffer();
    const res = await sendJson(
      t,
      "POST",
      `/api/restaurants/${id}/claim/evidence`,
      newcomer,
      await evidenceForm(photo, "reg.png", "image/png"),
    );
    expect(res.status).toBe(200);
    const [item] = await t.db.all<{ signals: string }>(
      sql`SELECT signals FROM moderation_items WHERE kind = 'restaurant' AND target_id = ${id} AND state = 'open'`,
    );
    expect(JSON.parse(item!.signals).claim).toMatchObject({ hasOwner: true, contentType: "image/webp" });
    const moderator = await createUser(t);
    await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
    const decided = await sendJson(t, "POST", "/api/moderation/actions", moderator, {
      kind: "restaurant",
      id,
      action: "approve-claim",
      reason: "no-violation",
      note: "Company registration matches.",
      claimId: (await readEnvelope(res)).data.claimId,
    });
    expect(decided.status).toBe(200);
    expect(await ownerRows(id)).toEqual([
      { user_id: first!.user_id, active: 0, method: "code" },
      { user_id: newcomer.userId, active: 1, method: "evidence" },
    ]);
    const log = await t.db.all<{ action: string }>(
      sql`SELECT action FROM moderation_log WHERE kind = 'restaurant' AND target_id = ${id} ORDER BY id`,
    );
    expect(log.map((l) => l.action)).toContain("owner:transfer");
  });

  it("refuses a file that is neither a photo nor a PDF by its bytes, storing nothing", async () => {
    const id = f.restaurantIds["Tonkotsu Lane"]!;
    const someone = await createUser(t);
    const res = await sendJson(
      t,
      "POST",
      `/api/restaurants/${id}/claim/evidence`,
      someone,
      await evidenceForm(
        new TextEncoder().encode("<html><script>alert(1)</script></html>"),
        "bill.pdf",
        "application/pdf",
      ),
    );
    expect(res.status).toBe(400);
    const rows = await t.db.all(sql`SELECT id FROM restaurant_claims WHERE user_id = ${someone.userId}`);
    expect(rows).toEqual([]);
  });
});
