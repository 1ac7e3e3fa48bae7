// Every SQL statement of people search and suggestions (issue 12). Names are found through
// the people_search FTS5 index (drizzle/0008_people_search.sql), never LIKE over users;
// user text reaches MATCH only through buildMatch, which quotes every word.
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { buildMatch } from "./fts-match.ts";
import { notBlockedEitherWay, type ViewerId } from "./social-graph.ts";

export interface PersonRow {
  userId: number;
  username: string;
  name: string;
  profileImage: string | null;
  isPrivate: boolean;
  isFollowing: boolean;
  isFollower: boolean;
}

const personColumns = (viewer: ViewerId) => sql`
  u.id AS user_id, u.username, coalesce(p.name, '') AS name, p.profile_image,
  coalesce(p.is_private, 0) AS is_private,
  EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ${viewer} AND x.following_id = u.id) AS is_following,
  EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = u.id AND x.following_id = ${viewer}) AS is_follower`;

function toPerson(row: Record<string, number | string | null>): PersonRow {
  return {
    userId: Number(row.user_id),
    username: String(row.username),
    name: String(row.name),
    profileImage: row.profile_image === null ? null : String(row.profile_image),
    isPrivate: row.is_private === 1,
    isFollowing: row.is_following === 1,
    isFollower: row.is_follower === 1,
  };
}

/**
 * People whose username or name has every typed word (the last as a prefix), best match
 * first. `offset` pages within the first MAX_PEOPLE_RESULTS: ranked results have no key to
 * seek by, and the bound keeps the deepest page cheap.
 */
export async function searchPeople(
  db: Database,
  viewer: ViewerId,
  query: string,
  offset: number,
  limit: number,
): Promise<PersonRow[]> {
  const match = buildMatch({ keyword: query });
  if (match === null) return [];
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT ${personColumns(viewer)}
    FROM (SELECT rowid AS id, rank FROM people_search WHERE people_search MATCH ${match}) s
      JOIN users u ON u.id = s.id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE ${notBlockedEitherWay(viewer, sql`u.id`)}
    ORDER BY (lower(u.username) = lower(${query})) DESC, s.rank, u.id
    LIMIT ${limit} OFFSET ${offset}`);
  return rows.map(toPerson);
}

/** Not the viewer, not followed or asked for already, no block either way. */
const suggestable = (viewer: ViewerId, column: ReturnType<typeof sql>) => sql`
  ${column} <> ${viewer}
  AND NOT EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ${viewer} AND x.following_id = ${column})
  AND NOT EXISTS (SELECT 1 FROM follow_requests r WHERE r.requester_id = ${viewer} AND r.target_id = ${column})
  AND ${notBlockedEitherWay(viewer, column)}`;

/** How many of the viewer's latest follows are asked whom they follow: bounds the work. */
const FRIENDS_ASKED = 200;
/** How many of the newest posts decide who is an active reviewer. */
const RECENT_POSTS_READ = 2000;

/** People followed by people the viewer follows, most shared first. */
export async function suggestFollowedByFollowing(
  db: Database,
  viewer: number,
  limit: number,
): Promise<(PersonRow & { mutualCount: number })[]> {
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT ${personColumns(viewer)}, s.mutual
    FROM (
      SELECT f2.following_id AS id, count(*) AS mutual
      FROM (SELECT following_id FROM follows WHERE follower_id = ${viewer}
            ORDER BY created_at DESC LIMIT ${FRIENDS_ASKED}) mine
        JOIN follows f2 ON f2.follower_id = mine.following_id
      WHERE ${suggestable(viewer, sql`f2.following_id`)}
      GROUP BY f2.following_id
      ORDER BY mutual DESC, f2.following_id
      LIMIT ${limit}
    ) s JOIN users u ON u.id = s.id LEFT JOIN profiles p ON p.user_id = u.id
    ORDER BY s.mutual DESC, u.id`);
  return rows.map((row) => ({ ...toPerson(row), mutualCount: Number(row.mutual) }));
}

/** Authors of the most recent reviews, most reviews first. */
export async function suggestActiveReviewers(
  db: Database,
  viewer: number,
  excluded: readonly number[],
  limit: number,
): Promise<PersonRow[]> {
  const notExcluded =
    excluded.length === 0 ? sql`` : sql`AND r.author_id NOT IN (${sql.join(excluded.map((id) => sql`${id}`), sql`, `)})`;
  const rows = await db.all<Record<string, number | string | null>>(sql`
    SELECT ${personColumns(viewer)}
    FROM (
      SELECT r.author_id AS id, count(*) AS reviews, max(r.created_at) AS latest
      FROM (SELECT author_id, created_at FROM posts ORDER BY created_at DESC LIMIT ${RECENT_POSTS_READ}) r
      WHERE ${suggestable(viewer, sql`r.author_id`)} ${notExcluded}
      GROUP BY r.author_id
      ORDER BY reviews DESC, latest DESC
      LIMIT ${limit}
    ) s JOIN users u ON u.id = s.id LEFT JOIN profiles p ON p.user_id = u.id
    ORDER BY s.reviews DESC, s.latest DESC`);
  return rows.map(toPerson);
}
