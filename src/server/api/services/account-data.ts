// Settings' account calls (issue 12): change password (ends every other session), download my
// data (everything the person gave us, UK GDPR Article 20) and delete my account (at once:
// personal data, posts, comments, likes, follows, photos; every token ends; reports about
// the person stay for moderation under a pseudonym). Reviews are deleted through the reviews
// service, so dish and restaurant aggregates are recomputed in the same batch as each delete
// and the cached reads that showed them are dropped; docs/security.md, "Security headers and
// erasure", says what holds when a review races the deletion.
import { ACCOUNT_DATA_MESSAGES, ACCOUNT_MESSAGES } from "../../../domain/account-rules.ts";
import type { AccountExport } from "../../../shared/schemas/account-data.ts";
import { hashPassword, passwordCost, verifyPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { enforceRateLimit, type RateLimit } from "../auth/rate-limit.ts";
import { issueToken } from "../auth/tokens.ts";
import {
  accountRow,
  commentsByUser,
  deletablePostIds,
  eraseAccountRow,
  likesAndSavesOf,
  photosOfAuthor,
  postsByAuthor,
  relationsOf,
  remainingPostIds,
} from "../db/queries/account-data.ts";
import { bumpTokenVersion, findUserById, setPasswordHash } from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { exportedLists } from "./lists-read.ts";
import { deleteReview } from "./review-delete.ts";
import { fileUrl } from "../../../domain/file-url.ts";

const HOUR = 60 * 60 * 1000;

/** Each try costs a scrypt hash; a stolen token must not become a password oracle. */
export const ACCOUNT_DATA_LIMITS = {
  passwordChecks: {
    name: "account-password-check",
    limit: 10,
    windowMs: HOUR,
    message: "Too many password attempts.",
  },
  exports: {
    name: "account-export",
    limit: 10,
    windowMs: 24 * HOUR,
    message: "Too many downloads of your data today.",
  },
} as const satisfies Record<string, RateLimit>;

async function checkPassword(deps: AppDeps, userId: number, password: string, field: string, wrong: string) {
  await enforceRateLimit(deps.db, ACCOUNT_DATA_LIMITS.passwordChecks, String(userId), deps.now());
  const user = await findUserById(deps.db, userId);
  if (!user) throw new ApiError(401);
  if (!(await verifyPassword(password, user.passwordHash))) throw fieldError(400, field, wrong);
  return user;
}

/** Sets the new password, ends every token (this one too) and answers a fresh one for this device. */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  input: { currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  const user = await checkPassword(deps, userId, input.currentPassword, "currentPassword", ACCOUNT_DATA_MESSAGES.currentPasswordWrong);
  if (input.currentPassword === input.newPassword) throw fieldError(400, "newPassword", ACCOUNT_DATA_MESSAGES.samePassword);
  const weakness = passwordProblem(
    input.newPassword,
    { email: user.email, username: user.username },
    await deps.referenceData.commonPasswords(),
  );
  if (weakness) throw fieldError(400, "newPassword", weakness);
  await setPasswordHash(deps.db, userId, await hashPassword(input.newPassword, passwordCost(deps.config)), {
    endSessions: true,
    changedAt: deps.now(),
  });
  const changed = await findUserById(deps.db, userId);
  if (!changed) throw new ApiError(401);
  const token = await issueToken({ userId, tokenVersion: changed.tokenVersion }, deps.config.jwtSecret, deps.now());
  return { token };
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function exportAccount(deps: AppDeps, userId: number): Promise<AccountExport> {
  await enforceRateLimit(deps.db, ACCOUNT_DATA_LIMITS.exports, String(userId), deps.now());
  const account = await accountRow(deps.db, userId);
  if (!account) throw new ApiError(401);
  const [posts, photos, comments, marks, relations, lists] = await Promise.all([
    postsByAuthor(deps.db, userId),
    photosOfAuthor(deps.db, userId),
    commentsByUser(deps.db, userId),
    likesAndSavesOf(deps.db, userId),
    relationsOf(deps.db, userId),
    exportedLists(deps, userId),
  ]);
  const origin = deps.config.publicOrigin.replace(/\/$/, "");
  const absolute = (name: string | null) => {
    const path = fileUrl(name);
    return path === null ? null : path.startsWith("/") ? `${origin}${path}` : path;
  };
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    account: {
      id: account.id,
      username: account.username,
      email: account.email,
      phoneNumber: account.phoneNumber,
      firstName: account.firstName,
      lastName: account.lastName,
      registrationMethod: account.registrationMethod,
      createdAt: new Date(account.createdAt).toISOString(),
    },
    profile: {
      name: account.name ?? "",
      bio: account.bio ?? "",
      photoUrl: absolute(account.profileImage),
      isPrivate: account.isPrivate ?? false,
    },
    posts: posts.map((post) => ({
      id: post.id,
      restaurantId: post.restaurantId,
      restaurantName: post.restaurantName,
      dishId: post.dishId,
      dishName: post.dishName,
      postedWith: post.reviewGroupId,
      content: post.content,
      rating: post.ratingTenths === 0 && post.dishId !== null ? null : post.ratingTenths / 10,
      incentivised: post.incentivised,
      createdAt: new Date(post.createdAt).toISOString(),
      updatedAt: isoOf(post.updatedAt),
      photoUrls: photos.filter((photo) => photo.postId === post.id).map((photo) => absolute(photo.fileName)!),
    })),
    comments: comments.map((comment) => ({
      id: comment.id,
      postId: comment.postId,
      parentId: comment.parentId,
      content: comment.content,
      createdAt: new Date(comment.createdAt).toISOString(),
      updatedAt: isoOf(comment.updatedAt),
    })),
    likes: {
      posts: marks.likedPosts.map((like) => like.postId),
      comments: marks.likedComments.map((like) => like.commentId),
    },
    savedPosts: marks.savedPosts.map((save) => save.postId),
    lists,
    ...relations,
  };
}

/**
 * A review already past its checks when the deletion began can still be recorded; each round
 * takes back what came in during the one before, and there is at most one such review per
 * request in flight, so a few rounds always suffice.
 */
const ERASE_ROUNDS = 5;

/** A stable name for the reports about a deleted person: random, so it leads back to no one. */
function deletedUserPseudonym(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `deleted-user-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Deletes the account once the password matches. Every token ends first, so no new request
 * of the account starts. Then reviews, one by one through the reviews service (aggregates,
 * photos, caches), and the user row in a batch that runs only when no post is left (else
 * another round): it takes the profile, comments, likes, saves, follows, requests, blocks and
 * notifications with it (ON DELETE CASCADE), leaves reports about the person under a
 * pseudonym and reports by them without a reporter, for moderation. Photo bytes go after it
 * has committed.
 */
export async function deleteAccount(deps: AppDeps, userId: number, password: string): Promise<void> {
  await checkPassword(deps, userId, password, "password", ACCOUNT_MESSAGES.loginFailed);
  await bumpTokenVersion(deps.db, userId);
  const pseudonym = deletedUserPseudonym();
  for (let round = 1; ; round += 1) {
    for (const postId of await deletablePostIds(deps.db, userId)) await deleteReviewIfThere(deps, userId, postId);
    // A dish review whose restaurant review went first has gone with it; any other goes here.
    for (const postId of await remainingPostIds(deps.db, userId)) await deleteReviewIfThere(deps, userId, postId);
    const { erased, looseFiles } = await eraseAccountRow(deps.db, userId, pseudonym);
    if (erased) {
      for (const name of looseFiles) {
        await deps.files.delete(name).catch((error: unknown) => deps.log("warn", "Could not remove a deleted account's file", error));
      }
      return;
    }
    if (round === ERASE_ROUNDS) throw new Error(`Account ${userId} kept gaining reviews while it was being deleted`);
  }
}

async function deleteReviewIfThere(deps: AppDeps, userId: number, postId: number) {
  try {
    await deleteReview(deps, userId, postId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
