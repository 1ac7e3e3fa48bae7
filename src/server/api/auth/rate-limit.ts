// Request limits (fixed windows in the rate_limits table). Over a limit the call answers 429
// with Retry-After in seconds and says what was limited and for how long.
import type { Context } from "hono";
import { clientLimitSubject } from "../../../domain/client-address.ts";
import { ACCOUNT_MESSAGES, CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS } from "../../../domain/account-rules.ts";
import { LIST_MESSAGES, LIST_WRITES_PER_HOUR } from "../../../domain/lists.ts";
import type { Database } from "../db/client.ts";
import {
  clearRateLimits,
  countHit,
  deleteRateLimit,
  pruneRateLimits,
  readHits,
  refundHit,
} from "../db/queries/rate-limits.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../http/envelope.ts";

export interface RateLimit {
  /** Names the counter; the subject (address, client, account) is appended. */
  name: string;
  limit: number;
  windowMs: number;
  /** What the caller is told, before "Please try again in …". */
  message: string;
}

const MINUTE = 60_000;

export const RATE_LIMITS = {
  mailPerAddress: {
    name: "mail-to",
    limit: 5,
    windowMs: 30 * MINUTE,
    message: "Too many emails have been sent to this address.",
  },
  mailPerClient: {
    name: "mail-client",
    limit: 25,
    windowMs: 5 * MINUTE,
    message: "Too many email requests from your network.",
  },
  /** Every login attempt from one client, whatever the account: credential stuffing. */
  loginPerClient: {
    name: "login-client",
    limit: 50,
    windowMs: 5 * MINUTE,
    message: "Too many login attempts from your network.",
  },
  /**
   * Failed logins for one account from one client: the tight limit. A stranger elsewhere
   * cannot use it up for the owner, whose client has its own count. Every attempt is counted
   * before the password is checked and a success clears it, so a burst of parallel guesses
   * gets no more than the limit (issue 20).
   */
  loginFailuresPerAccountClient: {
    name: "login-fail",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many failed login attempts.",
  },
  /**
   * Failed logins for one account from anywhere. Past this the account is slowed, not locked:
   * one attempt per LOGIN_SLOW_INTERVAL (below), so a distributed guesser gets a few hundred
   * tries an hour and the owner still gets in; a password reset clears it.
   */
  loginFailuresPerAccount: {
    name: "login-fail-account",
    limit: 100,
    windowMs: 60 * MINUTE,
    message: "Too many failed login attempts for this account.",
  },
  loginSlowed: {
    name: "login-slow",
    limit: 1,
    windowMs: 5 * 1000,
    message: "This account is receiving many failed login attempts.",
  },
  /**
   * Tries at a code for an address that has none to check (verification-codes.ts checkCode),
   * counted like tries at a real one; the subject is "purpose:email".
   */
  codeTries: {
    name: "code-try",
    limit: MAX_CODE_ATTEMPTS,
    windowMs: CODE_TTL_SECONDS * 1000,
    message: ACCOUNT_MESSAGES.codeDead,
  },
  /** Phone number changes: each one is a question "is this number taken?". */
  phoneChangesPerUser: {
    name: "phone-user",
    limit: 5,
    windowMs: 24 * 60 * MINUTE,
    message: "Too many phone number changes.",
  },
  phoneChangesPerClient: {
    name: "phone-client",
    limit: 20,
    windowMs: 60 * MINUTE,
    message: "Too many phone number changes from your network.",
  },
  /** Issue 11: reviews (a restaurant review with its dish reviews counts once) per user a day. */
  reviewsPerUser: {
    name: "reviews-user",
    limit: 20,
    windowMs: 24 * 60 * MINUTE,
    message: "You have posted the most reviews allowed in a day.",
  },
  /** One review of a restaurant per user per day; the subject is "user:restaurant". */
  restaurantReviewPerUser: {
    name: "review-restaurant",
    limit: 1,
    windowMs: 24 * 60 * MINUTE,
    message: "You have already reviewed this restaurant today.",
  },
  /** Every photo is decoded and re-encoded: the limit is on work, counted per photo. */
  photosPerUser: {
    name: "photos-user",
    limit: 60,
    windowMs: 60 * MINUTE,
    message: "You have uploaded the most photos allowed in an hour.",
  },
  reportsPerUser: {
    name: "reports-user",
    limit: 50,
    windowMs: 24 * 60 * MINUTE,
    message: "You have sent the most reports allowed in a day.",
  },
  /** Restaurants and dishes added by one user a day. */
  catalogueAddsPerUser: {
    name: "catalogue-user",
    limit: 30,
    windowMs: 24 * 60 * MINUTE,
    message: "You have added the most restaurants and dishes allowed in a day.",
  },
  /**
   * Issue 12: follows and follow requests per user a day, repeats included. Issue 20 kept it
   * as the follow limit: a person hears of a follower once (notifications_once_idx), so a
   * burst floods nobody's inbox, and 200 a day is more than onboarding from a contact list.
   */
  followsPerUser: {
    name: "follows-user",
    limit: 200,
    windowMs: 24 * 60 * MINUTE,
    message: "You have followed the most people allowed in a day.",
  },
  /** Issue 12: reports of people per user a day (one per person is kept; repeats count too). */
  userReportsPerUser: {
    name: "user-reports-user",
    limit: 30,
    windowMs: 24 * 60 * MINUTE,
    message: "You have reported the most people allowed in a day.",
  },
  /** Each profile photo is decoded and re-encoded: the limit is on work. */
  avatarsPerUser: {
    name: "avatars-user",
    limit: 20,
    windowMs: 60 * MINUTE,
    message: "You have changed your profile photo the most times allowed in an hour.",
  },
  /**
   * Issue 12: comments and replies per user an hour. Each comment is its own notification, so
   * this is the comment flood limit too (issue 20): a lively thread sees a reply a minute from
   * one person at most.
   */
  commentsPerUser: {
    name: "comments-user",
    limit: 60,
    windowMs: 60 * MINUTE,
    message: "You have posted the most comments allowed in an hour.",
  },
  /**
   * Issue 20: searches (catalogue, posts, people) that reach the router, per client without a
   * token. One a second, sustained, is more than typing with the islands' debounce sends; a
   * cached answer served before routing costs nothing and is not counted (docs/security.md).
   */
  searchesPerClient: {
    name: "search-client",
    limit: 60,
    windowMs: MINUTE,
    message: "Too many searches from your network.",
  },
  /** Searches by a signed-in user (the token's user), wherever they come from. */
  searchesPerUser: {
    name: "search-user",
    limit: 120,
    windowMs: MINUTE,
    message: "Too many searches.",
  },
  /**
   * Issue 20: likes and saves of posts together, per user. Each can notify someone, so a
   * script liking everything in sight is a flood; a person scrolling the feed and tapping
   * hearts manages a few a minute, so 120 in 10 minutes never meets them. Taking a like or a
   * save back is not counted: someone at the limit can still undo a mistake.
   */
  postMarksPerUser: {
    name: "post-marks-user",
    limit: 120,
    windowMs: 10 * MINUTE,
    message: "You have liked and saved the most posts allowed in 10 minutes.",
  },
  /** Issue 20: likes of comments per user, for the same reason and at the same pace as post likes. */
  commentLikesPerUser: {
    name: "comment-likes-user",
    limit: 120,
    windowMs: 10 * MINUTE,
    message: "You have liked the most comments allowed in 10 minutes.",
  },
  /** Issue 22: an owner's replies to reviews and their edits, per owner an hour, like comments. */
  ownerRepliesPerUser: {
    name: "owner-replies-user",
    limit: 60,
    windowMs: 60 * MINUTE,
    message: "You have replied to the most reviews allowed in an hour.",
  },
  /** Issue 12: reports of comments per user a day. */
  commentReportsPerUser: {
    name: "comment-reports-user",
    limit: 30,
    windowMs: 24 * 60 * MINUTE,
    message: "You have sent the most reports allowed in a day.",
  },
  /**
   * Issue 32: list writes per member an hour (lists made, changed, deleted or copied; items
   * added, noted, moved or removed). Saving while browsing is a few a minute; a script filling
   * lists to scrape the friend signal is not.
   */
  listWritesPerUser: {
    name: "list-writes-user",
    limit: LIST_WRITES_PER_HOUR,
    windowMs: 60 * MINUTE,
    message: LIST_MESSAGES.writesLimited,
  },
} as const satisfies Record<string, RateLimit>;

/** "4 minutes", "1 minute", "30 seconds". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError(429, `${message} Please try again in ${describeWait(retryAfterSeconds)}.`, {
    "Retry-After": String(retryAfterSeconds),
  });
}

/** Seconds until the window that holds `nowMs` ends, at least 1. */
export function retryAfter(rule: RateLimit, nowMs: number): number {
  const windowStart = Math.floor(nowMs / rule.windowMs) * rule.windowMs;
  return Math.max(1, Math.ceil((windowStart + rule.windowMs - nowMs) / 1000));
}

/** The counter's key: the rule's name, then the subject. */
const keyOf = (rule: RateLimit, subject: string) => `${rule.name}:${subject}`;

/** Hits counted so far against `subject` in the current window, without adding one. */
export function readRateLimit(
  db: Database,
  rule: RateLimit,
  subject: string,
  nowMs: number,
): Promise<number> {
  return readHits(db, keyOf(rule, subject), rule.windowMs, nowMs);
}

/** Drops the counter of exactly `subject`. */
export function clearRateLimit(db: Database, rule: RateLimit, subject: string): Promise<void> {
  return deleteRateLimit(db, keyOf(rule, subject));
}

/** Drops the counters of every subject that starts with `subjectPrefix`. */
export function clearRateLimitPrefix(db: Database, rule: RateLimit, subjectPrefix: string): Promise<void> {
  return clearRateLimits(db, keyOf(rule, subjectPrefix));
}

/** Throws the 429 when `subject` is already over the limit, without counting this request. */
export async function checkRateLimit(
  db: Database,
  rule: RateLimit,
  subject: string,
  nowMs: number,
): Promise<void> {
  const count = await readRateLimit(db, rule, subject, nowMs);
  if (count >= rule.limit) throw tooManyRequests(rule.message, retryAfter(rule, nowMs));
}

/** Takes back one hit counted against `subject` in the current window (see refundHit). */
export function refundRateLimitHit(db: Database, rule: RateLimit, subject: string, nowMs: number) {
  return refundHit(db, keyOf(rule, subject), rule.windowMs, nowMs);
}

/** Counts one hit (a failure) against `subject` without refusing anything. */
export async function countRateLimitHit(db: Database, rule: RateLimit, subject: string, nowMs: number) {
  return (await countHit(db, keyOf(rule, subject), rule.windowMs, nowMs)).count;
}

/**
 * Counts this request (as `amount` hits: one per photo, say) against the limit for
 * `subject`; throws the 429 once it is over.
 */
export async function enforceRateLimit(
  db: Database,
  rule: RateLimit,
  subject: string,
  nowMs: number,
  amount = 1,
): Promise<void> {
  const { count } = await countHit(db, keyOf(rule, subject), rule.windowMs, nowMs, amount);
  if (count > rule.limit) throw tooManyRequests(rule.message, retryAfter(rule, nowMs));
}

/**
 * The connecting client, as the host reports it (AppDeps.clientIp), as every per-client limit
 * counts it: IPv6 by its /64 (clientLimitSubject), since one host holds the whole /64. Where
 * the host cannot tell, as in app.request() tests, every caller shares the key "unknown".
 */
export function clientKey(c: Context, deps: AppDeps): string {
  const address = deps.clientIp?.(c);
  return address ? clientLimitSubject(address) : "unknown";
}

/** Old counters are dropped now and then, on about one call in a hundred (or `chance`). */
export async function pruneOccasionally(db: Database, nowMs: number, chance = 0.01): Promise<void> {
  if (Math.random() < chance) await pruneRateLimits(db, nowMs - 24 * 60 * MINUTE);
}
