import { describe, expect, it } from "vitest";
import { MAX_AVATAR_BYTES as AVATAR_MAX_BYTES, SOCIAL_MESSAGES as PROFILE_TEXT } from "../../domain/social-rules.ts";
import { avatarProblem, sortedPosts, userIdFromPath } from "./messages.ts";

describe("profile screen text", () => {
  it("takes image files only, and needs one", () => {
    expect(avatarProblem(undefined)).toBe(PROFILE_TEXT.avatarRequired);
    expect(avatarProblem(new File(["x"], "a.pdf", { type: "application/pdf" }))).toBe(PROFILE_TEXT.avatarNotImage);
    expect(avatarProblem(new File(["x"], "a.png", { type: "image/png" }))).toBeNull();
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "big.jpg", { type: "image/jpeg" });
    expect(avatarProblem(big)).toBe(PROFILE_TEXT.avatarTooLarge);
  });

  it("reads the id of /user/{userId} and nothing else", () => {
    expect(userIdFromPath("/user/42")).toBe(42);
    expect(userIdFromPath("/user/42/")).toBe(42);
    for (const path of ["/user/", "/user/0", "/user/abc", "/user/4/2", "/user/-1"]) expect(userIdFromPath(path)).toBeNull();
  });

  it("sorts by post time newest first, and leaves Default as the list came", () => {
    const posts = [
      { id: 1, createdAt: "2026-01-01T00:00:00Z" },
      { id: 2, createdAt: "2026-03-01T00:00:00Z" },
      { id: 3, createdAt: "2026-02-01T00:00:00Z" },
    ];
    expect(sortedPosts(posts, "default").map((p) => p.id)).toEqual([1, 2, 3]);
    expect(sortedPosts(posts, "post-time").map((p) => p.id)).toEqual([2, 3, 1]);
  });
});
