// What an upheld appeal gives back (issue 29, docs/moderation.md "Appeals"): the appealed
// decision's recorded effect (its before and after JSON), so a restore undoes exactly what
// that decision did and nothing a later one did, and the statement that puts a cleared
// profile back.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { moderationDecisions, posts, profiles } from "../schema.ts";

type BatchStatement = Parameters<Database["batch"]>[0][number];

export interface DecisionEffect {
  before: unknown;
  after: unknown;
}

const parsed = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

export async function decisionEffect(db: Database, decisionId: number): Promise<DecisionEffect | undefined> {
  const d = moderationDecisions;
  const [row] = await db
    // As stored: JSON text (moderation-decisions.ts writes "null" for null).
    .select({ before: sql<string | null>`${d.before}`, after: sql<string | null>`${d.after}` })
    .from(d)
    .where(eq(d.id, decisionId));
  return row === undefined ? undefined : { before: parsed(row.before), after: parsed(row.after) };
}

/** The posts a removal took down, as its decision recorded them (`after.postIds`). */
export function postsTakenBy(effect: DecisionEffect | undefined): number[] {
  const ids = (effect?.after as { postIds?: unknown } | null | undefined)?.postIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/** Which of these posts a moderator removed. */
export async function removedAmong(db: Database, postIds: number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, postIds), isNotNull(posts.removedAt)));
  return rows.map((r) => r.id);
}

export interface ClearedProfile {
  name: string;
  bio: string;
  profileImage: string | null;
}

/**
 * Puts back the name, bio and photo a removal cleared, each only where it is still as the
 * removal left it: what the person wrote or uploaded since is theirs and stays.
 */
export function restoreProfileStatement(db: Database, userId: number, was: ClearedProfile): BatchStatement {
  const p = profiles;
  return db
    .update(p)
    .set({
      name: sql`CASE WHEN ${p.name} = '' THEN ${was.name} ELSE ${p.name} END`,
      bio: sql`CASE WHEN ${p.bio} = '' THEN ${was.bio} ELSE ${p.bio} END`,
      profileImage: sql`coalesce(${p.profileImage}, ${was.profileImage})`,
    })
    .where(eq(p.userId, userId));
}
