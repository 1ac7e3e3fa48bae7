import { describe, expect, it } from "vitest";
import { notificationHref } from "./notification-links.ts";

const person = { userId: 7, username: "ada", name: "Ada", avatar: null };
const nobody = { userId: 0, username: "dishcovery", name: "Dishcovery moderation", avatar: null };
const item = (kind: string, extra: object = {}) =>
  ({ kind, postId: 12, commentId: 34, actor: person, ...extra }) as Parameters<typeof notificationHref>[0];

describe("notificationHref", () => {
  it("opens the comment in its review's thread", () => {
    for (const kind of ["comment", "reply", "comment-like"])
      expect(notificationHref(item(kind), new Set())).toBe("/review/12#comment-34");
    expect(notificationHref(item("comment", { commentId: null }), new Set())).toBe("/review/12");
  });

  it("opens the review for a like or an owner's reply", () => {
    expect(notificationHref(item("post-like", { commentId: null }), new Set())).toBe("/review/12");
    expect(
      notificationHref(
        item("owner-reply", { commentId: null, actor: { ...nobody, name: "The owner of X" } }),
        new Set(),
      ),
    ).toBe("/review/12");
  });

  it("opens the waiting follow request here, else the person", () => {
    const request = item("follow-request", { postId: null, commentId: null });
    expect(notificationHref(request, new Set([7]))).toBe("#follow-request-7");
    expect(notificationHref(request, new Set())).toBe("/user/7");
    expect(notificationHref(item("follow", { postId: null, commentId: null }), new Set())).toBe("/user/7");
  });

  it("opens the decided item for a moderation decision, and nothing when it has no page", () => {
    const decision = { kind: "comment", action: "remove", reasonLabel: "Spam", role: "author", appealedAction: null, appealable: true };
    expect(
      notificationHref(item("moderation-decision", { actor: nobody, decision: { ...decision, href: "/review/3#comment-9" } }), new Set()),
    ).toBe("/review/3#comment-9");
    expect(notificationHref(item("moderation-decision", { actor: nobody, decision: { ...decision, href: null } }), new Set())).toBeNull();
    expect(notificationHref(item("moderation-decision", { actor: nobody, decision: null }), new Set())).toBeNull();
  });
});
