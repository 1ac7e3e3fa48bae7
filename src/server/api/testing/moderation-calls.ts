// The calls the moderation attack tests make through the real API: a member, a moderator made
// by the same command-line path production uses, a review posted as a form, and the decisions
// with reasons. One set, so a change to the decision body is made once for every attack file.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { setRole } from "../services/moderation-roles.ts";
import { createUser, ESTABLISHED, sendJson, type TestUser } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
export type Answer = { status: number; message: string; data: any };

export function moderationCalls(t: TestApp) {
  async function call(method: string, path: string, who?: TestUser, body?: unknown): Promise<Answer> {
    const res = await sendJson(t, method, path, who, body);
    const json = (await res.json()) as Omit<Answer, "status">;
    return { status: res.status, ...json };
  }

  const person = () => createUser(t, ESTABLISHED);

  async function moderator(role: "moderator" | "admin" = "moderator"): Promise<TestUser> {
    const who = await person();
    await setRole(t.db, who.email, role, { id: null, label: "cli" }, t.clock.now());
    return who;
  }

  /** POST /api/posts/save as a form, whatever it answers. */
  function postReview(who: TestUser, fields: Record<string, unknown>): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    return call("POST", "/api/posts/save", who, form);
  }

  /** A review that must be accepted: its answer's data. */
  async function review(who: TestUser, fields: Record<string, unknown>): Promise<Answer["data"]> {
    const res = await postReview(who, fields);
    expect(res.status, res.message).toBe(200);
    return res.data;
  }

  const act = (who: TestUser, body: Record<string, unknown>) =>
    call("POST", "/api/moderation/actions", who, body);
  const remove = (
    who: TestUser,
    kind: string,
    id: number,
    why: { reason: string; note: string } = { reason: "community-guidelines", note: "Breaks the policy" },
  ) => act(who, { kind, id, action: "remove", ...why });
  const keep = (who: TestUser, kind: string, id: number) =>
    act(who, { kind, id, action: "keep", reason: "no-violation", note: "Fine as it is" });
  const appeal = (who: TestUser, decisionId: number) =>
    call("POST", "/api/moderation/appeals", who, { decisionId, note: "Please look again" });

  async function removedAt(postId: number): Promise<number | null> {
    const rows = await t.db.all<{ removed_at: number | null }>(
      sql`SELECT removed_at FROM posts WHERE id = ${postId}`,
    );
    return rows[0]!.removed_at;
  }

  return { call, person, moderator, postReview, review, act, remove, keep, appeal, removedAt };
}
