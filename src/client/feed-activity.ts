// The feed's "X saved Y to Z" entries (issue 32) among its posts: GET /api/lists/activity gives
// at most one entry per list per day over the last week, newest first (docs/social.md); each
// shows just above the first post no newer than it. An entry older than every post shown
// waits for the next page, and shows at the end once the feed has none left.
import type { ListActivity } from "../shared/schemas/lists.ts";

export type SavedToEntry = ListActivity["entries"][number];

export interface SavedToPlaces {
  /** Entries to show above each post, by the post's id. */
  before: Map<number, SavedToEntry[]>;
  /** Entries to show after the last post: the feed has ended. */
  after: SavedToEntry[];
}

export function placeSavedTo(
  posts: { id: number; createdAt: string }[],
  entries: SavedToEntry[],
  ended: boolean,
): SavedToPlaces {
  const before = new Map<number, SavedToEntry[]>();
  const after: SavedToEntry[] = [];
  const newestFirst = [...entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const entry of newestFirst) {
    const at = Date.parse(entry.createdAt);
    const post = posts.find((candidate) => Date.parse(candidate.createdAt) <= at);
    if (post) before.set(post.id, [...(before.get(post.id) ?? []), entry]);
    else if (ended) after.push(entry);
  }
  return { before, after };
}

/** Each entry's key in a list of posts and entries. */
export const savedToKey = (entry: SavedToEntry) => `saved-${entry.listId}-${entry.createdAt}`;
