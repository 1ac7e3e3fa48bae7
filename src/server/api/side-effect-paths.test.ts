// One path per side effect (issue 34): every notification is stored through notify() (or
// notifyInBatch() inside a write's batch) in db/queries/notifications.ts, and every mail goes
// through deps.mail, most of it after the answer. Through the real API and a real SQLite file.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer } from "./mail/mailer.ts";
import { outboxMailer } from "./mail/outbox-mailer.ts";
import { setRole } from "./services/moderation-roles.ts";
import { createUser, postJson, sendJson, type TestUser } from "./testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "./testing/fixture.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

// Mail held until the test lets it go: whether an answer waited for its mail shows.
const outbox = outboxMailer();
let release: () => void = () => {};
let gate = Promise.resolve();
const holdMail = () => void (gate = new Promise<void>((resolve) => (release = resolve)));
const heldMailer: Mailer = {
  async send(message) {
    await gate;
    await outbox.send(message);
  },
};

let t: TestApp;
let f: CatalogueFixture;
let author: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ mailer: heldMailer });
  f = await buildCatalogueFixture(t.db, t.clock.now());
  [author, moderator] = await Promise.all([createUser(t), createUser(t)]);
  await setRole(t.db, moderator.email, "moderator", { id: null, label: "cli" }, t.clock.now());
});
afterAll(async () => {
  release();
  await t.deps.mail.drain();
  await t.close();
});

async function postReview(who: TestUser, content: string): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(f.dishIds["Shoyu Ramen"]));
  form.append("content", content);
  form.append("rating", "2");
  const res = await sendJson(t, "POST", "/api/posts/save", who, form);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { postId: number } }).data.postId;
}

const remove = (postId: number) =>
  sendJson(t, "POST", "/api/moderation/actions", moderator, {
    kind: "review",
    id: postId,
    action: "remove",
    reason: "spam-or-fake",
    note: "Copied text",
  });

async function notificationsOf(who: TestUser) {
  const res = await sendJson(t, "GET", "/api/notifications", who);
  return ((await res.json()) as { data: { notifications: Record<string, unknown>[] } }).data.notifications;
}

describe("notifications", () => {
  it("tells a person of a decision about them even when they blocked the moderator, from Dishcovery moderation", async () => {
    const postId = await postReview(author, "A review the moderator removes");
    const blocked = await sendJson(t, "POST", `/api/users/${moderator.userId}/block`, author, {});
    expect(blocked.status).toBe(200);
    const decided = await remove(postId);
    expect(decided.status).toBe(200);
    const { decisionId } = ((await decided.json()) as { data: { decisionId: number } }).data;
    expect(await notificationsOf(author)).toEqual([
      expect.objectContaining({
        kind: "moderation-decision",
        actor: expect.objectContaining({ userId: 0, name: "Dishcovery moderation" }),
        decisionId,
        read: false,
      }),
    ]);
    release();
    await t.deps.mail.drain();
  });

  it("are written by db/queries/notifications.ts alone (social-graph.ts only deletes them)", () => {
    const root = join(import.meta.dirname, "..");
    const naming = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return naming(path);
        if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) return [];
        const text = readFileSync(path, "utf8");
        const imports = [...text.matchAll(/import (?:type )?\{([^}]*)\} from "[^"]*schema\.ts"/g)];
        const namesTable = imports.some((m) => /\bnotifications\b/.test(m[1]!));
        return namesTable || /INSERT INTO notifications/i.test(text) ? [relative(root, path)] : [];
      });
    expect(naming(root).sort()).toEqual([
      "api/db/queries/notifications.ts",
      "api/db/queries/social-graph.ts",
    ]);
    const graph = readFileSync(join(root, "api/db/queries/social-graph.ts"), "utf8");
    expect(graph).not.toMatch(/\.insert\(\s*notifications\b/);
  });
});

describe("mail", () => {
  it("is sent by services through deps.mail alone: none takes Hono's Context or the mailer", () => {
    const dir = join(import.meta.dirname, "services");
    const reaching = readdirSync(dir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .filter((name) =>
        /from "hono"|\.mailer\b|send-after-answer/.test(readFileSync(join(dir, name), "utf8")),
      );
    expect(reaching).toEqual([]);
  });

  it("answers a password reset before its mail leaves, and the mail leaves through deps.mail", async () => {
    holdMail();
    const sent = outbox.outbox.length;
    const res = await postJson(t, "/api/users/password/forgot", { email: author.email });
    expect(res.status).toBe(200);
    expect(outbox.outbox).toHaveLength(sent);
    release();
    await t.deps.mail.drain();
    expect(outbox.outbox.slice(sent).map((m) => m.to)).toEqual([author.email]);
  });

  it("answers a moderation decision before its e-mail leaves", async () => {
    const postId = await postReview(await createUser(t), "Another review the moderator removes");
    holdMail();
    const sent = outbox.outbox.length;
    // With the mail held, an answer that waited for it would never come.
    const decided = await remove(postId);
    expect(decided.status).toBe(200);
    expect(outbox.outbox).toHaveLength(sent);
    release();
    await t.deps.mail.drain();
    expect(outbox.outbox.slice(sent).map((m) => m.subject)).toHaveLength(1);
  });
});
