// Settings' account calls (issue 12): change password (ends every other session), download my
// data (everything the person gave us, UK GDPR Article 20) and delete my account (at once:
// personal data, posts, comments, likes, follows, photos; every token ends). Reviews are
// deleted through the reviews service, so dish and restaurant aggregates are recomputed in
// the same batch as each delete and the cached reads that showed them are dropped.
import { ACCOUNT_MESSAGES } from "../../../shared/schemas/accounts.ts";
import { ACCOUNT_DATA_MESSAGES, type AccountExport } from "../../../shared/schemas/account-data.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { enforceRateLimit, type RateLimit } from "../auth/rate-limit.ts";
import { issueToken } from "../auth/tokens.ts";
import {
  accountRow,
  commentsByUser,
  deletablePostIds,
  deleteFileRows,
  deleteUserRow,
  likesAndSavesOf,
  ownedLooseFiles,
  photosOfAuthor,
  postsByAuthor,
  relationsOf,
  remainingPostIds,
} from "../db/queries/account-data.ts";
import { findUserById, setPasswordHash } from "../db/queries/users.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { deleteReview } from "./reviews.ts";
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
  const weakness = passwordProblem(input.newPassword, { email: user.email, username: user.username });
  if (weakness) throw fieldError(400, "newPassword", weakness);
  await setPasswordHash(deps.db, userId, await hashPassword(input.newPassword), { endSessions: true });
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
  const [posts, photos, comments, marks, relations] = await Promise.all([
    postsByAuthor(deps.db, userId),
    photosOfAuthor(deps.db, userId),
    commentsByUser(deps.db, userId),
    likesAndSavesOf(deps.db, userId),
    relationsOf(deps.db, userId),
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
    ...relations,
  };
}

/**
 * Deletes the account once the password matches. Reviews first, one by one through the
 * reviews service (aggregates, photos, caches), then the user row, which takes the profile,
 * comments, likes, saves, follows, requests, blocks, reports and notifications with it
 * (ON DELETE CASCADE); every token ends because its user no longer exists.
 */
export async function deleteAccount(deps: AppDeps, userId: number, password: string): Promise<void> {
  await checkPassword(deps, userId, password, "password", ACCOUNT_MESSAGES.loginFailed);
  for (const postId of await deletablePostIds(deps.db, userId)) await deleteReviewIfThere(deps, userId, postId);
  // A dish review whose restaurant review went first has gone with it; any other goes here.
  for (const postId of await remainingPostIds(deps.db, userId)) await deleteReviewIfThere(deps, userId, postId);
  const loose = await ownedLooseFiles(deps.db, userId);
  await deleteUserRow(deps.db, userId);
  await deleteFileRows(deps.db, loose);
  for (const name of loose) {
    await deps.files.delete(name).catch((error: unknown) => deps.log("warn", "Could not remove a deleted account's file", error));
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
