// How a restaurant or dish anyone added is shown until a moderator approves it, and what a
// merged duplicate's page says (issue 21, docs/moderation.md "Added restaurants and dishes").

export const COMMUNITY_ADDED_LABEL = "Added by the community";

/** The line beside the label on an item's page: why it is in no ranked list yet. */
export function communityAddedNote(kind: "restaurant" | "dish"): string {
  return `A member added this ${kind}. Our moderators have not checked it yet, so it is not in our rankings.`;
}
