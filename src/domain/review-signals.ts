// Detection before a person looks (issue 21, decision 014): the signals computed on every
// review write and the rules that combine them. Pure: the service reads the item's recent
// activity, these rules decide, and the review batch writes the outcome. One review is never
// held back for what its author is (new, one rating, an extreme score); a pattern across
// accounts is, and it is held out of the ranking maths (not hidden) until a moderator looks.

import { parseAddress } from "./client-address.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The window a burst is counted in. */
export const BURST_WINDOW_MS = HOUR_MS;
/** A burst needs at least this many reviews of one item in the window (issue 21's minimum). */
export const BURST_MIN_REVIEWS = 5;
/** The item's usual pace is its reviews over this many days before the window. */
export const BASELINE_DAYS = 28;
/** A burst is also this many times the item's usual hourly pace, so busy items are not flagged for being busy. */
export const BURST_BASELINE_MULTIPLE = 10;
/** An account younger than this at the time of its review is new. */
export const NEW_ACCOUNT_DAYS = 7;
/** Several accounts behind one network: this many distinct accounts in the burst window. */
export const SHARED_NETWORK_MIN_ACCOUNTS = 3;
/** A pattern needs this many suspect reviews in the burst, and this share of the burst. */
export const PATTERN_MIN_REVIEWS = 5;
export const PATTERN_MIN_SHARE = 0.5;
/** Ratings an attacker uses: 0.5-1.0 against a competitor, 5.0 for oneself (in tenths). */
export const EXTREME_LOW_MAX_TENTHS = 10;
export const EXTREME_HIGH_TENTHS = 50;
/** Near-duplicate text: word shingles of this length, compared by Jaccard similarity. */
export const SHINGLE_WORDS = 3;
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** Texts with fewer shingles than this are too short to call copies ("Lovely food!"). */
export const MIN_SHINGLES = 5;
/** Copies across this many accounts (the candidate's included) are a pattern on their own. */
export const NEAR_DUPLICATE_MIN_ACCOUNTS = 3;
/** Bounded work per write: at most this many recent reviews are read and compared. */
export const RECENT_REVIEWS_LIMIT = 100;
export const TEXT_PEERS_LIMIT = 30;
export const TEXT_PEERS_DAYS = 7;
/** Only the start of a long review is compared: copies show in the first paragraphs. */
export const TEXT_COMPARE_CHARS = 2000;

/**
 * The pause: held reviews of one item within PAUSE_WINDOW_MS from this many distinct new or
 * shared-network accounts pause it for PAUSE_MS, and open a moderation item for the item.
 */
export const PAUSE_HELD_REVIEWS = 5;
export const PAUSE_WINDOW_MS = 24 * HOUR_MS;
export const PAUSE_MS = 24 * HOUR_MS;
/** 423 Locked: the item takes no reviews for now (409 already means "you reviewed it: edit instead"). */
export const REVIEW_PAUSE_STATUS = 423;
export const REVIEW_PAUSE_MESSAGE =
  "We noticed unusual review activity on this page and paused reviews from new accounts for 24 hours";
/** A moderator's lift-pause on an item whose reviews are not paused. */
export const NO_PAUSE_MESSAGE = "This item's reviews are not paused.";

// ---------------------------------------------------------------------------------------------
// Client networks

/**
 * The network a client address belongs to: its /24 for IPv4, its /48 for IPv6 (what one
 * household, office or small host usually holds), or undefined when the host gave no address
 * (a test client's name, "unknown") or a loopback, private or link-local one: that is a proxy
 * in front of the app (CLIENT_IP_HEADER unset), and would put every reviewer behind one
 * network. Only a salted hash of this is stored, never the address.
 */
export function networkPrefix(address: string | undefined): string | undefined {
  const parsed = parseAddress(address);
  if (!parsed) return undefined;
  if ("v4" in parsed) return localIpv4(parsed.v4) ? undefined : `${parsed.v4.slice(0, 3).join(".")}.0/24`;
  return localIpv6(parsed.v6) ? undefined : `${parsed.v6.slice(0, 3).join(":")}::/48`;
}

const localIpv4 = ([a, b]: number[]) =>
  a === 0 ||
  a === 10 ||
  a === 127 ||
  (a === 169 && b === 254) ||
  (a === 172 && b! >= 16 && b! <= 31) ||
  (a === 192 && b === 168);

/** ::, ::1, link-local fe80::/10 and unique-local fc00::/7. */
const localIpv6 = (groups: string[]) => {
  const first = parseInt(groups[0]!, 16);
  const allZeroToLast = groups.slice(0, 7).every((g) => g === "0");
  return (
    (allZeroToLast && (groups[7] === "0" || groups[7] === "1")) ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xfe00) === 0xfc00
  );
};

// ---------------------------------------------------------------------------------------------
// Text

/** Normalised word shingles: lower case, letters and digits only, SHINGLE_WORDS words each. */
export function shingles(text: string): Set<string> {
  const words = text
    .slice(0, TEXT_COMPARE_CHARS)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i += 1) {
    out.add(words.slice(i, i + SHINGLE_WORDS).join(" "));
  }
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export function nearDuplicate(a: Set<string>, b: Set<string>): boolean {
  return a.size >= MIN_SHINGLES && b.size >= MIN_SHINGLES && jaccard(a, b) >= NEAR_DUPLICATE_JACCARD;
}

// ---------------------------------------------------------------------------------------------
// One review's facts and the item's recent activity

/** A review of the item, the candidate or one already written. */
export interface ReviewFacts {
  /** Undefined for the review being written. */
  postId?: number;
  authorId: number;
  accountCreatedAt: number;
  createdAt: number;
  /** Salted hash of the client's network, or null when the host gave no address. */
  networkHash: string | null;
  ratingTenths: number;
  /** The author has reviews other than this one (and the dish reviews posted with it). */
  authorHasOtherReviews: boolean;
  /** Already held out of the ranking maths, or cleared by a moderator (never held again). */
  held: boolean;
  cleared: boolean;
}

export interface ItemActivity {
  /** Reviews of the item in the BASELINE_DAYS before the burst window. */
  baselineCount: number;
  /** Reviews of the item in the burst window before the candidate (at most RECENT_REVIEWS_LIMIT). */
  recent: ReviewFacts[];
  /** Recent reviews' text for near-duplicates (at most TEXT_PEERS_LIMIT, TEXT_PEERS_DAYS back). */
  textPeers: { postId: number; authorId: number; content: string; held: boolean; cleared: boolean }[];
}

export const isNewAccount = (r: Pick<ReviewFacts, "accountCreatedAt" | "createdAt">) =>
  r.createdAt - r.accountCreatedAt < NEW_ACCOUNT_DAYS * DAY_MS;

export const isExtremeRating = (ratingTenths: number) =>
  (ratingTenths > 0 && ratingTenths <= EXTREME_LOW_MAX_TENTHS) || ratingTenths >= EXTREME_HIGH_TENTHS;

export const extremeFromFreshAccount = (r: Pick<ReviewFacts, "ratingTenths" | "authorHasOtherReviews">) =>
  isExtremeRating(r.ratingTenths) && !r.authorHasOtherReviews;

/** The most reviews in an hour the item's own baseline allows before it is a burst. */
export function burstThreshold(baselineCount: number): number {
  const perHour = baselineCount / BASELINE_DAYS / 24;
  return Math.max(BURST_MIN_REVIEWS, Math.ceil(BURST_BASELINE_MULTIPLE * perHour));
}

export type PatternKind = "burst-new-accounts" | "burst-one-network" | "near-duplicate-text";

/** What the queue shows (moderation_items.signals): every signal, whether or not it held the review. */
export interface ReviewSignals {
  velocity: { lastHour: number; baselinePerDay: number; burstThreshold: number; burst: boolean };
  newAccount: boolean;
  newAccountShare: number;
  /** Distinct accounts behind the candidate's network in the burst window (0: no address). */
  networkAccounts: number;
  extremeFromFreshAccount: boolean;
  /** Other accounts whose recent review of the item is a near-copy of this one. */
  nearDuplicateAccounts: number;
  patterns: PatternKind[];
}

export interface Assessment {
  signals: ReviewSignals;
  /** The candidate is held out of the ranking maths. */
  hold: boolean;
  /** Earlier reviews of the item that belong to the same pattern and are not held yet. */
  holdEarlier: number[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Combines the signals of the review being written with the item's recent activity.
 * A burst (the window holds at least burstThreshold reviews) is a pattern when at least
 * PATTERN_MIN_REVIEWS of them, and PATTERN_MIN_SHARE of the burst, are suspect: from a new
 * account, or from a network several accounts in the window share. Near-copies of one text
 * across NEAR_DUPLICATE_MIN_ACCOUNTS accounts are a pattern without a burst; its later copies
 * are held, never the earliest instance of the text. The pattern's members are held; nobody
 * else is. An extreme rating from an account with no other reviews
 * is shown to moderators but makes nobody suspect: first reviews are often 5.0, and a crowd
 * of new accounts is already caught for being new.
 */
export function assessReview(
  candidate: ReviewFacts,
  candidateText: string,
  activity: ItemActivity,
): Assessment {
  const window = [...activity.recent.filter((r) => r.postId !== undefined), candidate];
  const threshold = burstThreshold(activity.baselineCount);
  const burst = window.length >= threshold;

  const accountsByNetwork = new Map<string, Set<number>>();
  for (const r of window) {
    if (r.networkHash === null) continue;
    const accounts = accountsByNetwork.get(r.networkHash) ?? new Set<number>();
    accounts.add(r.authorId);
    accountsByNetwork.set(r.networkHash, accounts);
  }
  const sharedNetwork = (r: ReviewFacts) =>
    r.networkHash !== null &&
    (accountsByNetwork.get(r.networkHash)?.size ?? 0) >= SHARED_NETWORK_MIN_ACCOUNTS;
  const suspect = (r: ReviewFacts) => isNewAccount(r) || sharedNetwork(r);
  const suspects = window.filter(suspect);
  const burstPattern =
    burst && suspects.length >= PATTERN_MIN_REVIEWS && suspects.length >= PATTERN_MIN_SHARE * window.length;

  const mine = shingles(candidateText);
  const copies = activity.textPeers.filter(
    (p) => p.authorId !== candidate.authorId && nearDuplicate(mine, shingles(p.content)),
  );
  const copyAccounts = new Set(copies.map((p) => p.authorId));
  const copyPattern = copyAccounts.size + 1 >= NEAR_DUPLICATE_MIN_ACCOUNTS;

  const patterns: PatternKind[] = [];
  if (burstPattern && suspects.some(isNewAccount)) patterns.push("burst-new-accounts");
  if (burstPattern && suspects.some(sharedNetwork)) patterns.push("burst-one-network");
  if (copyPattern) patterns.push("near-duplicate-text");

  const earlier = new Set<number>();
  if (burstPattern)
    for (const r of suspects) if (r.postId !== undefined && !r.held && !r.cleared) earlier.add(r.postId);
  // The earliest instance of a text is never held as a copy: copying an honest review must not
  // take it out of the maths. Post ids grow with time, so the lowest id is the earliest.
  const original = Math.min(...copies.map((p) => p.postId));
  if (copyPattern)
    for (const p of copies) if (p.postId !== original && !p.held && !p.cleared) earlier.add(p.postId);

  const newInWindow = window.filter(isNewAccount).length;
  return {
    signals: {
      velocity: {
        lastHour: window.length,
        baselinePerDay: round2(activity.baselineCount / BASELINE_DAYS),
        burstThreshold: threshold,
        burst,
      },
      newAccount: isNewAccount(candidate),
      newAccountShare: round2(newInWindow / window.length),
      networkAccounts:
        candidate.networkHash === null ? 0 : (accountsByNetwork.get(candidate.networkHash)?.size ?? 0),
      extremeFromFreshAccount: extremeFromFreshAccount(candidate),
      nearDuplicateAccounts: copyAccounts.size,
      patterns,
    },
    hold: !candidate.cleared && ((burstPattern && suspect(candidate)) || copyPattern),
    holdEarlier: [...earlier],
  };
}

// ---------------------------------------------------------------------------------------------
// The pause

/** A held review of the item, as the pause counts it. */
export type HeldFacts = Pick<ReviewFacts, "authorId" | "accountCreatedAt" | "createdAt" | "networkHash"> & {
  postId: number;
};

/**
 * Distinct accounts behind the held reviews that are new, or behind a network
 * SHARED_NETWORK_MIN_ACCOUNTS of them share (issue 29). Copies held from established accounts
 * on their own networks count for nothing: copying a place's honest reviews must not let
 * anyone close it to everyone.
 */
export function pauseAccounts(held: readonly HeldFacts[]): number {
  const byNetwork = new Map<string, Set<number>>();
  for (const h of held) {
    if (h.networkHash === null) continue;
    byNetwork.set(h.networkHash, (byNetwork.get(h.networkHash) ?? new Set()).add(h.authorId));
  }
  const suspects = new Set<number>();
  for (const h of held) {
    const shared =
      h.networkHash !== null && byNetwork.get(h.networkHash)!.size >= SHARED_NETWORK_MIN_ACCOUNTS;
    if (isNewAccount(h) || shared) suspects.add(h.authorId);
  }
  return suspects.size;
}

/** Whether the item's held reviews in the pause window start a pause. */
export function startsPause(held: readonly HeldFacts[]): boolean {
  return pauseAccounts(held) >= PAUSE_HELD_REVIEWS;
}

/** An item's pause is in force until its end; a past pause shows nothing and refuses nothing. */
export function pauseInForce(pausedUntil: number | null | undefined, now: number): boolean {
  return pausedUntil != null && pausedUntil > now;
}
