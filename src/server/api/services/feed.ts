// The feed and post search (issue 12; spec points 4, 7 "Feed, files and comments", 8, 9).
// The feed is the viewer's own posts and those of the people they follow, newest first, read
// from feed_entries (fanned out when posts and follows are written, drizzle/0012); someone who follows fewer than FEW_FOLLOWING people continues, after those, with the best
// recent London reviews, each labelled "suggested". Pages are keyset pages: the spec's page
// number is honoured by reading the pages before it (bounded), and the cursor beside it makes
// any depth cost what page 1 costs. Post cards are the reviews contract's reviews with their
// likes, saves and comment counts.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import {
  FEW_FOLLOWING,
  MAX_UNCURSORED_ROWS,
  SOCIAL_POST_MESSAGES,
  SUGGESTED_MIN_RATING_TENTHS,
  SUGGESTED_WINDOW_DAYS,
} from "../../../domain/social-rules.ts";
import type { PostCard, PostCardPage, PostSource } from "../../../shared/schemas/social-posts.ts";
import { buildMatch } from "../db/queries/fts-match.ts";
import type { PostRow } from "../db/queries/reviews-reads.ts";
import {
  feedPage,
  followedAuthorIds,
  followingCountUpTo,
  postSocial,
  searchPosts as searchPostRows,
  suggestedPosts,
  type PostCursor,
} from "../db/queries/social-posts.ts";
import type { ViewerId } from "../db/queries/social-graph.ts";
import type { AppDeps } from "../deps.ts";
import { fieldError } from "../http/envelope.ts";
import { invalidCursor, readCursor } from "./page-cursor.ts";
import { reviewCards } from "./review-cards.ts";

type Deps = Pick<AppDeps, "db" | "now">;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Post cards

/** Review cards with the viewer's likes, saves and visible comment counts. */
export async function postCards(
  deps: Pick<AppDeps, "db">,
  viewer: ViewerId,
  rows: PostRow[],
  sourceOf: (row: PostRow) => PostSource,
): Promise<PostCard[]> {
  const [cards, social] = await Promise.all([
    reviewCards(deps, rows, { viewer }),
    postSocial(
      deps.db,
      viewer,
      rows.map((r) => r.id),
    ),
  ]);
  return cards.map((card, i) => {
    const s = social.get(card.id) ?? { likes: 0, likedByUser: false, savedByUser: false, commentCount: 0 };
    return { ...card, ...s, source: sourceOf(rows[i]!) };
  });
}

/** Where a post outside the feed (search, liked, saved) stands to the viewer. */
export function sourceFor(viewer: ViewerId, following: Set<number>, row: PostRow): PostSource {
  if (row.authorId === viewer) return "own";
  return following.has(row.authorId) ? "following" : "other";
}

// ---------------------------------------------------------------------------------------------
// Cursors

/** Where a feed page starts: in the followed part or the suggestions, after a post (or at the start). */
interface FeedPosition {
  phase: "followed" | "suggested";
  after?: PostCursor;
}

// The followed part and the suggestions page by the same key; their cursors differ by kind so
// a page knows which part it continues. An id of 0 is the start of the suggestions.
const followedCursor = cursorCodec("feed", ["createdAt", "id"]);
const suggestedCursor = cursorCodec("suggested", ["createdAt", "id"]);
const searchCursor = cursorCodec("search", ["beforeId"]);

function decodeFeedCursor(text: string): FeedPosition {
  const followed = followedCursor.decode(text);
  const key = followed ?? suggestedCursor.decode(text);
  if (!key) throw invalidCursor();
  return { phase: followed ? "followed" : "suggested", after: key.id === 0 ? undefined : key };
}

const feedCursorOf = (p: FeedPosition) =>
  (p.phase === "followed" ? followedCursor : suggestedCursor).encode(p.after ?? { createdAt: 0, id: 0 });

// ---------------------------------------------------------------------------------------------
// The feed

interface FeedItem {
  row: PostRow;
  source: PostSource;
  /** Where the next page starts when this is the last post shown. */
  next: FeedPosition;
}

/** Up to `limit` feed posts from `from`, crossing into the suggestions when the followed part ends. */
async function readFeedItems(
  deps: Deps,
  viewer: ViewerId,
  from: FeedPosition,
  limit: number,
): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  if (from.phase === "followed") {
    const rows = await feedPage(deps.db, viewer, from.after, limit);
    for (const row of rows) {
      items.push({
        row,
        source: row.authorId === viewer ? "own" : "following",
        next: { phase: "followed", after: { createdAt: row.createdAt, id: row.id } },
      });
    }
    if (rows.length === limit) return items;
  }
  // Read only once the followed part has ended, and never past FEW_FOLLOWING follows.
  if ((await followingCountUpTo(deps.db, viewer, FEW_FOLLOWING)) >= FEW_FOLLOWING) return items;
  const rows = await suggestedPosts(deps.db, {
    viewer,
    minRatingTenths: SUGGESTED_MIN_RATING_TENTHS,
    since: deps.now() - SUGGESTED_WINDOW_DAYS * DAY,
    cursor: from.phase === "suggested" ? from.after : undefined,
    limit: limit - items.length,
  });
  for (const row of rows) {
    items.push({
      row,
      source: "suggested",
      next: { phase: "suggested", after: { createdAt: row.createdAt, id: row.id } },
    });
  }
  return items;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  cursor?: string;
}

/** The position page `page` starts at, without a cursor: after reading the pages before it. */
async function startOfPage<T extends { next: P }, P>(
  request: PageRequest,
  first: P,
  read: (from: P, limit: number) => Promise<T[]>,
): Promise<P | null> {
  const skip = (request.page - 1) * request.pageSize;
  if (skip === 0) return first;
  if (skip > MAX_UNCURSORED_ROWS) throw fieldError(400, "page", SOCIAL_POST_MESSAGES.pageTooDeep);
  const before = await read(first, skip);
  return before.length < skip ? null : before.at(-1)!.next;
}

export async function readFeed(deps: Deps, viewer: ViewerId, request: PageRequest): Promise<PostCardPage> {
  const read = (from: FeedPosition, limit: number) => readFeedItems(deps, viewer, from, limit);
  const from = request.cursor
    ? decodeFeedCursor(request.cursor)
    : await startOfPage(request, { phase: "followed" } as FeedPosition, read);
  const items = from ? await read(from, request.pageSize + 1) : [];
  const shown = items.slice(0, request.pageSize);
  const sources = new Map(shown.map((item) => [item.row.id, item.source]));
  return {
    data: await postCards(
      deps,
      viewer,
      shown.map((item) => item.row),
      (row) => sources.get(row.id)!,
    ),
    page: request.page,
    pageSize: request.pageSize,
    nextCursor: items.length > request.pageSize ? feedCursorOf(shown.at(-1)!.next) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Post search

export interface PostSearchRequest extends PageRequest {
  keyword?: string;
  minRating?: number;
  maxRating?: number;
}

interface SearchItem {
  row: PostRow;
  next: number;
}

export async function searchPosts(
  deps: Deps,
  viewer: ViewerId,
  request: PostSearchRequest,
): Promise<PostCardPage> {
  const match = request.keyword ? buildMatch({ keyword: request.keyword }) : null;
  const filter = {
    viewer,
    match,
    // Point 5's bands are inclusive and a tenth wide: 4.5 to 4.7 keeps 4.7.
    minTenths: request.minRating === undefined ? undefined : Math.round(request.minRating * 10),
    maxTenths: request.maxRating === undefined ? undefined : Math.round(request.maxRating * 10),
  };
  const read = async (beforeId: number, limit: number): Promise<SearchItem[]> =>
    request.keyword && match === null
      ? [] // only punctuation or emoji: nothing can match
      : (
          await searchPostRows(deps.db, { ...filter, beforeId: beforeId === 0 ? undefined : beforeId, limit })
        ).map((row) => ({ row, next: row.id }));
  let from: number | null;
  if (request.cursor) {
    from = readCursor(searchCursor, request.cursor)!.beforeId;
  } else {
    from = await startOfPage<SearchItem, number>(request, 0, read);
  }
  const items = from === null ? [] : await read(from, request.pageSize + 1);
  const shown = items.slice(0, request.pageSize);
  const following = new Set(await followedAuthorIds(deps.db, viewer));
  return {
    data: await postCards(
      deps,
      viewer,
      shown.map((item) => item.row),
      (row) => sourceFor(viewer, following, row),
    ),
    page: request.page,
    pageSize: request.pageSize,
    nextCursor:
      items.length > request.pageSize ? searchCursor.encode({ beforeId: shown.at(-1)!.next }) : null,
  };
}
