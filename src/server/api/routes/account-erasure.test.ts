// Erasure that holds (issue 20): reports about a deleted account stay for moderation under a
// pseudonym, reports by it lose their reporter, and a review racing the deletion leaves
// nothing of the account behind: no post, photo, file row or aggregate contribution.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS } from "../auth/password.ts";
import { findAggregateMismatches } from "../db/queries/aggregate-check.ts";
import { createUser, postJson, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture } from "../testing/fixture.ts";
import { createTestApp } from "../testing/test-app.ts";

const t = await createTestApp();
const f = await buildCatalogueFixture(t.db, t.clock.now());
afterAll(() => t.close());

async function rows<T>(sql: string, ...args: (string | number)[]): Promise<T[]> {
  return (await t.db.$client.execute({ sql, args })).rows as unknown as T[];
}

const deleteAccount = (me: TestUser) =>
  postJson(t, `/api/account/delete/${me.userId}`, { password: me.password }, me.authorization);

const report = (reporter: TestUser, target: TestUser, reason: string, note: string) =>
  postJson(t, `/api/users/${target.userId}/report`, { reason, note }, reporter.authorization);

describe("reports and a deleted account", () => {
  it("keeps reports about it under one pseudonym and reports by it without the reporter", async () => {
    const [gone, first, second, reported] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    expect((await report(first, gone, "harassment", "Keeps messaging me")).status).toBe(200);
    expect((await report(second, gone, "spam-or-fake", "")).status).toBe(200);
    expect((await report(gone, reported, "offensive", "Rude replies")).status).toBe(200);

    expect((await deleteAccount(gone)).status).toBe(200);

    const about = await rows<{
      target_id: number | null;
      target_pseudonym: string | null;
      reporter_id: number;
      reason: string;
      note: string;
    }>(
      "SELECT target_id, target_pseudonym, reporter_id, reason, note FROM user_reports WHERE reporter_id IN (?, ?) ORDER BY id",
      first.userId,
      second.userId,
    );
    expect(about.map(({ target_pseudonym: _, ...kept }) => kept)).toEqual([
      { target_id: null, reporter_id: first.userId, reason: "harassment", note: "Keeps messaging me" },
      { target_id: null, reporter_id: second.userId, reason: "spam-or-fake", note: "" },
    ]);
    // One pseudonym for the person across their reports, carrying nothing of the account.
    const pseudonym = about[0]!.target_pseudonym!;
    expect(pseudonym).toMatch(/^deleted-user-[0-9a-f]{16}$/);
    expect(about[1]!.target_pseudonym).toBe(pseudonym);
    expect(pseudonym).not.toContain(String(gone.userId));

    const by = await rows<{
      target_id: number;
      target_pseudonym: string | null;
      reporter_id: number | null;
      reason: string;
    }>(
      "SELECT target_id, target_pseudonym, reporter_id, reason FROM user_reports WHERE target_id = ?",
      reported.userId,
    );
    expect(by).toEqual([
      { target_id: reported.userId, target_pseudonym: null, reporter_id: null, reason: "offensive" },
    ]);
    expect(t.errors).toEqual([]);
  });

  it("gives two deleted accounts two pseudonyms", async () => {
    const [a, b, reporter] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await report(reporter, a, "harassment", "");
    await report(reporter, b, "harassment", "");
    expect((await deleteAccount(a)).status).toBe(200);
    expect((await deleteAccount(b)).status).toBe(200);
    const names = await rows<{ target_pseudonym: string }>(
      "SELECT target_pseudonym FROM user_reports WHERE reporter_id = ? ORDER BY id",
      reporter.userId,
    );
    expect(names).toHaveLength(2);
    expect(names[0]!.target_pseudonym).not.toBe(names[1]!.target_pseudonym);
  });
});

describe("a review racing an account deletion", () => {
  const storedFiles = () => {
    try {
      return readdirSync(join(t.folder, "files")).sort();
    } catch {
      return [];
    }
  };

  async function postReviewWithPhoto(me: TestUser, photo: Buffer): Promise<Response> {
    const form = new FormData();
    form.append("dishId", String(f.dishIds["Shoyu Ramen"]!));
    form.append("content", "Posted while the account was going");
    form.append("rating", "4.2");
    form.append("images", new File([new Uint8Array(photo)], "bowl.jpg", { type: "image/jpeg" }));
    return t.app.request("/api/posts/save", { method: "POST", body: form, headers: me.authorization });
  }

  it("holds when the review commits between the deletion's last look and its last write", async () => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3b7" } })
      .jpeg()
      .toBuffer();
    const filesBefore = storedFiles();
    const fileRowsBefore = (await rows<{ n: number }>("SELECT count(*) AS n FROM files"))[0]!.n;
    const me = await createUser(t);
    // The worst moment, pinned: the review has passed its checks and waits at its batch; the
    // deletion runs until the statement that deletes the user row; the review's batch then
    // commits, and only after that does the deletion's statement run.
    const client = t.db.$client;
    const execute = client.execute.bind(client);
    const batch = client.batch.bind(client);
    const textOf = (statement: unknown) =>
      typeof statement === "string" ? statement : String((statement as { sql: string }).sql);
    let reviewWaiting!: () => void;
    const reviewAtBatch = new Promise<void>((resolve) => (reviewWaiting = resolve));
    let deletionWaiting!: () => void;
    const deletionAtLastWrite = new Promise<void>((resolve) => (deletionWaiting = resolve));
    let reviewCommitted: Promise<unknown> | undefined;
    let deletionPaused = false;
    const pauseDeletion = async (statements: unknown[]) => {
      if (deletionPaused || !statements.some((s) => /delete from [`"]?users[`"]?/i.test(textOf(s)))) return;
      deletionPaused = true;
      deletionWaiting();
      await reviewCommitted;
    };
    client.execute = (async (statement: Parameters<typeof execute>[0]) => {
      await pauseDeletion([statement]);
      return execute(statement);
    }) as typeof client.execute;
    client.batch = (async (statements: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
      if (!reviewCommitted && statements.some((s) => /insert into [`"]?posts[`"]?/i.test(textOf(s)))) {
        reviewCommitted = (async () => {
          reviewWaiting();
          await deletionAtLastWrite;
          return batch(statements, mode);
        })();
        return reviewCommitted;
      }
      await pauseDeletion(statements);
      return batch(statements, mode);
    }) as typeof client.batch;
    try {
      const posted = postReviewWithPhoto(me, photo);
      await reviewAtBatch;
      const deleted = await deleteAccount(me);
      expect(deleted.status, await deleted.clone().text()).toBe(200);
      expect((await posted).status).toBe(200);
    } finally {
      client.execute = execute;
      client.batch = batch;
    }
    expect(deletionPaused).toBe(true);
    const left = await rows<{ posts: number; files: number }>(
      "SELECT (SELECT count(*) FROM posts WHERE author_id = ?) AS posts, (SELECT count(*) FROM files WHERE owner_id = ?) AS files",
      me.userId,
      me.userId,
    );
    expect(left[0]).toEqual({ posts: 0, files: 0 });
    expect(storedFiles()).toEqual(filesBefore);
    expect((await rows<{ n: number }>("SELECT count(*) AS n FROM files"))[0]!.n).toBe(fileRowsBefore);
    expect(await findAggregateMismatches(t.db)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it(
    "leaves no post, photo, file or aggregate contribution of the account, whatever the timing",
    { timeout: 180_000 },
    async () => {
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b73" } })
        .jpeg()
        .toBuffer();
      // Every round's account has a hash at production's cost (made once), so the deletion's
      // password check, which the sweep below must span, costs what it costs in production.
      const password = "racing the deletion";
      const passwordHash = await hashPassword(password, SCRYPT_PARAMS);
      const account = () => createUser(t, { password, passwordHash });
      const filesBefore = storedFiles();
      const fileRowsBefore = (await rows<{ n: number }>("SELECT count(*) AS n FROM files"))[0]!.n;
      const outcomes = new Map<number, number>();
      // How long a deletion takes here (its password check dominates), so the sweep below spans
      // it on a fast machine and a loaded one alike.
      const started = performance.now();
      expect((await deleteAccount(await account())).status).toBe(200);
      const span = (performance.now() - started) * 1.3;
      // The review starts with the deletion, then a little later each round, until after the
      // deletion has finished, so its batch lands in every step between.
      const rounds = 40;
      for (let round = 0; round < rounds; round++) {
        const me = await account();
        const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const [posted, deleted] = await Promise.all([
          wait((round * span) / rounds).then(() => postReviewWithPhoto(me, photo)),
          deleteAccount(me),
        ]);
        expect(deleted.status, await deleted.clone().text()).toBe(200);
        // Posted before the deletion (then deleted with the account), or refused: never a 500.
        expect([200, 401], `round ${round}: ${await posted.clone().text()}`).toContain(posted.status);
        outcomes.set(posted.status, (outcomes.get(posted.status) ?? 0) + 1);
        const left = await rows<{ posts: number; files: number; users: number }>(
          `SELECT (SELECT count(*) FROM posts WHERE author_id = ?) AS posts,
                (SELECT count(*) FROM files WHERE owner_id = ?) AS files,
                (SELECT count(*) FROM users WHERE id = ?) AS users`,
          me.userId,
          me.userId,
          me.userId,
        );
        expect(left[0], `round ${round}`).toEqual({ posts: 0, files: 0, users: 0 });
      }
      // Both orders happened: reviews recorded before the deletion, and reviews it refused.
      expect(outcomes.get(200) ?? 0).toBeGreaterThan(0);
      expect(outcomes.get(401) ?? 0).toBeGreaterThan(0);
      // No photo bytes without a row, no row of a deleted account's photo.
      expect(storedFiles()).toEqual(filesBefore);
      expect((await rows<{ n: number }>("SELECT count(*) AS n FROM files"))[0]!.n).toBe(fileRowsBefore);
      expect(
        (
          await rows<{ n: number }>(
            "SELECT count(*) AS n FROM post_images WHERE post_id NOT IN (SELECT id FROM posts)",
          )
        )[0]!.n,
      ).toBe(0);
      expect(await findAggregateMismatches(t.db)).toEqual([]);
      expect(t.errors).toEqual([]);
    },
  );
});
