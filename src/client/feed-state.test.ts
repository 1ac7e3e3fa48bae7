import { describe, expect, it } from "vitest";
import type { PostCard, PostCardPage } from "../shared/schemas/social-posts.ts";
import { appendPosts, likedCommentIds, readBatch, rememberCommentLike, toggledLike, withoutComment } from "./feed-state.ts";

const post = (id: number) => ({ id }) as PostCard;

/** A feed of `total` posts, 5 a page, recording the pages asked for. */
function feedOf(total: number) {
  const asked: number[] = [];
  const read = async (page: number) => {
    asked.push(page);
    const ids = Array.from({ length: 5 }, (_, i) => (page - 1) * 5 + i + 1).filter((id) => id <= total);
    const data: PostCardPage = { data: ids.map(post), page, pageSize: 5, nextCursor: ids.length === 5 && ids.at(-1)! < total ? `c${page}` : null };
    return { kind: "ok", status: 200, message: "", data } as const;
  };
  return { asked, read };
}

describe("Load More (spec point 9: three pages of 5, stopping at a short page)", () => {
  it("reads three pages and offers more when all were full", async () => {
    const feed = feedOf(40);
    const batch = await readBatch(feed.read, 2, "c1", 3, 5);
    expect(feed.asked).toEqual([2, 3, 4]);
    expect(batch.posts.map((p) => p.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 6));
    expect(batch).toMatchObject({ nextPage: 5, nextCursor: "c4", ended: false, failure: null });
  });

  it("stops early at a short page and ends the feed", async () => {
    const feed = feedOf(12);
    const batch = await readBatch(feed.read, 2, "c1", 3, 5);
    expect(feed.asked).toEqual([2, 3]);
    expect(batch.posts).toHaveLength(7);
    expect(batch.ended).toBe(true);
  });

  it("keeps the pages read before a failure and reports it", async () => {
    let calls = 0;
    const batch = await readBatch(
      async () => (++calls === 2 ? { kind: "no-response", message: "No response from server. Please check your connection." } : { kind: "ok", status: 200, message: "", data: { data: [1, 2, 3, 4, 5].map(post), page: 1, pageSize: 5, nextCursor: "x" } }),
      1,
      null,
      3,
      5,
    );
    expect(batch.posts).toHaveLength(5);
    expect(batch.failure?.kind).toBe("no-response");
    expect(batch.nextPage).toBe(2);
  });

  it("never shows a post twice", () => {
    expect(appendPosts([post(1), post(2)], [post(2), post(3)]).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe("comment likes", () => {
  function memoryStore() {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  }

  it("are remembered per user in userLikedComments", () => {
    const store = memoryStore();
    rememberCommentLike(store, 7, 11, true);
    rememberCommentLike(store, 7, 12, true);
    rememberCommentLike(store, 8, 11, true);
    rememberCommentLike(store, 7, 11, false);
    expect([...likedCommentIds(store, 7)]).toEqual([12]);
    expect([...likedCommentIds(store, 8)]).toEqual([11]);
    expect(JSON.parse(store.getItem("userLikedComments")!)).toEqual({ 7: [12], 8: [11] });
  });

  it("survive a corrupted store as no likes", () => {
    const store = memoryStore();
    store.setItem("userLikedComments", "not json");
    expect(likedCommentIds(store, 1).size).toBe(0);
  });

  it("toggle the count at once and never below zero", () => {
    expect(toggledLike({ likes: 0, likedByUser: false }, true)).toEqual({ likes: 1, likedByUser: true });
    expect(toggledLike({ likes: 0, likedByUser: true }, false)).toEqual({ likes: 0, likedByUser: false });
    const same = { likes: 3, likedByUser: true };
    expect(toggledLike(same, true)).toBe(same);
  });

  it("a deleted top-level comment takes its replies", () => {
    const c = (id: number, replies: number[] = []) => ({ id, replies: replies.map((r) => ({ id: r })) }) as never;
    expect(withoutComment([c(1, [2, 3]), c(4)], 1).map((x: { id: number }) => x.id)).toEqual([4]);
    expect(withoutComment([c(1, [2, 3])], 2)[0]!.replies.map((r) => r.id)).toEqual([3]);
  });
});
