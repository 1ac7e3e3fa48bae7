// Issue 30: a moderation decision's notification names the item and the outcome and links to
// it, and only the side the decision went against may appeal: the author when we acted on
// their content, the reporter when we kept it. Replayed through the real API.
import { describe, expect, it } from "vitest";
import { APPEAL_SIDE_MESSAGE } from "../../../domain/moderation-notices.ts";
import type { Notification } from "../../../shared/schemas/social-profiles.ts";
import { setRole } from "../services/moderation-roles.ts";
import { createUser, ESTABLISHED, sendJson, type TestUser } from "../testing/accounts.ts";
import { databaseFingerprint } from "../testing/authorization-walk.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

const { t, f } = useCatalogueTestApp();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
type Answer = { status: number; message: string; data: any };

async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<Answer> {
  const res = await sendJson(t, method, path, who, body);
  return { status: res.status, ...((await res.json()) as Omit<Answer, "status">) };
}

const person = () => createUser(t, ESTABLISHED);

async function moderator(): Promise<TestUser> {
  const who = await person();
  await setRole(t.db, who.email, "moderator", { id: null, label: "cli" }, t.clock.now());
  return who;
}

async function dishReview(who: TestUser, dish: string): Promise<number> {
  const form = new FormData();
  form.append("dishId", String(f.dishIds[dish]));
  form.append("content", "Call 07700 900123 for a deal");
  form.append("rating", "3");
  const res = await call("POST", "/api/posts/save", who, form);
  expect(res.status, res.message).toBe(200);
  return res.data.postId as number;
}

const decide = (who: TestUser, postId: number, action: "keep" | "remove") =>
  call("POST", "/api/moderation/actions", who, {
    kind: "review",
    id: postId,
    action,
    reason: action === "keep" ? "no-violation" : "community-guidelines",
    note: "Looked at it",
  });
const appeal = (who: TestUser, decisionId: number) =>
  call("POST", "/api/moderation/appeals", who, { decisionId, note: "Please look again" });

async function decisionNotice(who: TestUser): Promise<Notification> {
  const res = await call("GET", "/api/notifications", who);
  expect(res.status, res.message).toBe(200);
  const found = (res.data.notifications as Notification[]).find((n) => n.kind === "moderation-decision");
  expect(found).toBeDefined();
  return found!;
}

describe("moderation decisions, told and appealed", () => {
  it("a removal names the review and the outcome to both sides, and only the author may appeal it", async () => {
    const [author, reporter, mod] = [await person(), await person(), await moderator()];
    const postId = await dishReview(author, "Edamame");
    expect((await call("POST", "/api/posts/report", reporter, { postId, reason: "spam-or-fake" })).status).toBe(200);
    const removed = await decide(mod, postId, "remove");
    expect(removed.status, removed.message).toBe(200);

    const toAuthor = await decisionNotice(author);
    expect(toAuthor.decision).toMatchObject({ kind: "review", action: "remove", role: "author", href: `/review/${postId}`, appealable: true });
    const toReporter = await decisionNotice(reporter);
    expect(toReporter.decision).toMatchObject({ role: "reporter", href: `/review/${postId}`, appealable: false });

    // The reporter got what they asked for: their appeal is refused and changes nothing.
    const before = await databaseFingerprint(t);
    expect(await appeal(reporter, removed.data.decisionId)).toMatchObject({ status: 403, message: APPEAL_SIDE_MESSAGE });
    expect(await databaseFingerprint(t)).toBe(before);
    expect((await appeal(author, removed.data.decisionId)).status).toBe(200);
    // Appealed once: no second Appeal button.
    expect((await decisionNotice(author)).decision?.appealable).toBe(false);

    // Another moderator upholds the appeal: the review is back, and the author is told so.
    const second = await moderator();
    const upheld = await decide(second, postId, "keep");
    expect(upheld.status, upheld.message).toBe(200);
    expect((await decisionNotice(author)).decision).toMatchObject({
      action: "keep",
      appealedAction: "remove",
      appealable: false,
    });
    const mail = t.deps.outbox!().findLast((m) => m.to === author.email)!;
    expect(mail.subject).toBe("Your appeal on Dishcovery succeeded");
    expect(mail.text).toContain("we restored your review, and it is shown again");
    expect(mail.text).toContain("This decision was made on appeal and is final.");
  });

  it("a review kept after a report may be appealed by the reporter only", async () => {
    const [author, reporter, mod] = [await person(), await person(), await moderator()];
    const postId = await dishReview(author, "Pork Gyoza");
    expect((await call("POST", "/api/posts/report", reporter, { postId, reason: "spam-or-fake" })).status).toBe(200);
    const kept = await decide(mod, postId, "keep");
    expect(kept.status, kept.message).toBe(200);
    expect((await decisionNotice(reporter)).decision).toMatchObject({ action: "keep", role: "reporter", appealable: true });
    const before = await databaseFingerprint(t);
    expect(await appeal(author, kept.data.decisionId)).toMatchObject({ status: 403, message: APPEAL_SIDE_MESSAGE });
    expect(await databaseFingerprint(t)).toBe(before);
    expect((await appeal(reporter, kept.data.decisionId)).status).toBe(200);
  });
});
