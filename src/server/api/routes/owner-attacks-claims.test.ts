// Issue 29 "Owners": approve-claim and refuse-claim name the claim the moderator reviewed, one
// person cannot block a restaurant's claims (one waiting evidence claim per claimant), and the
// claim-mail limit counts per claimant. Each test replays an attack through the real API and
// failed before the fix (docs/security.md "Owners").
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_MESSAGES, OWNER_RATE_LIMITS } from "../../../domain/owners.ts";
import { clientFromTestHeader, createUser, NO_SCRYPT, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { restaurantOwnedBy } from "../testing/owners.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

/** An answer as JSON, its data loosely typed for assertions. */
async function readEnvelope(res: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  return (await res.json()) as { code: number; message: string; data: any };
}

let t: TestApp;
let f: CatalogueFixture;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildCatalogueFixture(t.db, t.clock.now());
  clientFromTestHeader(t);
  moderator = await createUser(t, NO_SCRYPT);
  await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${moderator.userId}`);
});
afterAll(() => t.close());

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function call(method: string, path: string, who: TestUser, body?: unknown, client = "203.0.113.9") {
  const headers: Record<string, string> = { ...who.authorization, "x-test-client": client };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  return t.app.request(path, { method, headers, body: payload });
}

function sendEvidence(who: TestUser, restaurantId: number) {
  const form = new FormData();
  form.append("file", new File([PDF], "bill.pdf", { type: "application/pdf" }));
  return call("POST", `/api/restaurants/${restaurantId}/claim/evidence`, who, form);
}

async function claimIdOf(res: Response): Promise<number> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await readEnvelope(res)).data.claimId;
}

const decideClaim = (
  who: TestUser,
  restaurantId: number,
  action: "approve-claim" | "refuse-claim",
  claimId?: number,
) =>
  call("POST", "/api/moderation/actions", who, {
    kind: "restaurant",
    id: restaurantId,
    action,
    reason: action === "approve-claim" ? "no-violation" : "spam-or-fake",
    note: "Checked the evidence.",
    ...(claimId === undefined ? {} : { claimId }),
  });

const activeOwner = async (restaurantId: number) =>
  (
    await t.db.all<{ user_id: number }>(
      sql`SELECT user_id FROM restaurant_owners WHERE restaurant_id = ${restaurantId} AND active = 1`,
    )
  )[0]?.user_id ?? null;

describe("claims name the claim and nobody blocks a restaurant's claims", () => {
  it("one person's waiting evidence claim does not shut out another claimant of the restaurant", async () => {
    const id = await restaurantOwnedBy(t, f, null);
    const squatter = await createUser(t, NO_SCRYPT);
    const realOwner = await createUser(t, NO_SCRYPT);
    const squatted = await claimIdOf(await sendEvidence(squatter, id));
    const mine = await claimIdOf(await sendEvidence(realOwner, id));
    // Deciding the squatter's claim leaves the real owner's waiting, in an open item.
    expect((await decideClaim(moderator, id, "refuse-claim", squatted)).status).toBe(200);
    const [next] = await t.db.all<{ signals: string }>(
      sql`SELECT signals FROM moderation_items WHERE kind = 'restaurant' AND target_id = ${id} AND state = 'open'`,
    );
    expect(JSON.parse(next!.signals).claim).toMatchObject({ claimId: mine, userId: realOwner.userId });
    // Another moderator decides the next one (who decided before does not decide again).
    const second = await createUser(t, NO_SCRYPT);
    await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${second.userId}`);
    const approved = await decideClaim(second, id, "approve-claim", mine);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await activeOwner(id)).toBe(realOwner.userId);
  });

  it("a claimant cannot keep several evidence claims waiting at once", async () => {
    const claimant = await createUser(t, NO_SCRYPT);
    await claimIdOf(await sendEvidence(claimant, await restaurantOwnedBy(t, f, null)));
    const second = await sendEvidence(claimant, await restaurantOwnedBy(t, f, null));
    expect(second.status).toBe(409);
    expect((await readEnvelope(second)).message).toBe(OWNER_MESSAGES.claimWaitingYours);
  });

  it("a moderator's stale approval of a decided claim does not approve whoever claimed next", async () => {
    const id = await restaurantOwnedBy(t, f, null);
    const first = await createUser(t, NO_SCRYPT);
    const next = await createUser(t, NO_SCRYPT);
    const reviewed = await claimIdOf(await sendEvidence(first, id));
    // Another moderator refuses it while this one still has it on screen...
    const other = await createUser(t, NO_SCRYPT);
    await t.db.run(sql`UPDATE users SET role = 'moderator' WHERE id = ${other.userId}`);
    expect((await decideClaim(other, id, "refuse-claim", reviewed)).status).toBe(200);
    // ...and someone else's claim comes in.
    await claimIdOf(await sendEvidence(next, id));
    const stale = await decideClaim(moderator, id, "approve-claim", reviewed);
    expect(stale.status).toBe(409);
    expect((await readEnvelope(stale)).message).toBe(OWNER_MESSAGES.claimNotWaiting);
    expect(await activeOwner(id)).toBeNull();
    // A decision that names no claim is refused too.
    expect((await decideClaim(moderator, id, "approve-claim")).status).toBe(400);
    expect(await activeOwner(id)).toBeNull();
  });

  it("a claim of another restaurant cannot be approved through this one", async () => {
    const here = await restaurantOwnedBy(t, f, null);
    const elsewhere = await restaurantOwnedBy(t, f, null);
    const claimant = await createUser(t, NO_SCRYPT);
    await claimIdOf(await sendEvidence(await createUser(t, NO_SCRYPT), here));
    const theirs = await claimIdOf(await sendEvidence(claimant, elsewhere));
    expect((await decideClaim(moderator, here, "approve-claim", theirs)).status).toBe(409);
    expect(await activeOwner(here)).toBeNull();
    expect(await activeOwner(elsewhere)).toBeNull();
  });

  it("one claimant asking for codes to many restaurants from many networks hits the per-claimant mail limit", async () => {
    const claimant = await createUser(t, NO_SCRYPT);
    const limit = OWNER_RATE_LIMITS.claimMailsPerClaimant.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const id = await restaurantOwnedBy(t, f, null);
      await t.db.run(sql`UPDATE restaurants SET contact_email = ${`owner${i}@place-${id}.example`} WHERE id = ${id}`);
      statuses.push((await call("POST", `/api/restaurants/${id}/claim`, claimant, undefined, `198.51.100.${i}`)).status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
