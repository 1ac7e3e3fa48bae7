import { describe, expect, it } from "vitest";
import { MAX_COMMENT_LENGTH as CONTRACT_MAX, SOCIAL_POST_MESSAGES, SUGGESTED_POST_LABEL } from "../../shared/schemas/social-posts.ts";
import { FEED_MESSAGES, MAX_COMMENT_LENGTH } from "./messages.ts";

describe("the feed's copy of the contract's sentences", () => {
  it("says what the contract says, word for word", () => {
    for (const key of ["feedFailed", "noPosts", "noMorePosts", "loginToComment", "loginToReply", "loginToLike", "commentEmpty", "commentUpdateFailed"] as const) {
      expect(FEED_MESSAGES[key]).toBe(SOCIAL_POST_MESSAGES[key]);
    }
    expect(FEED_MESSAGES.suggestedLabel).toBe(SUGGESTED_POST_LABEL);
    expect(FEED_MESSAGES.reportReason).toBe(SOCIAL_POST_MESSAGES.reportReason);
    expect(MAX_COMMENT_LENGTH).toBe(CONTRACT_MAX);
  });
});
