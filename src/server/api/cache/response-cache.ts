// The in-memory cache of public reads (decision 003). Each entry is a serialised envelope
// with the scopes its answer depends on (scopes.ts); a write drops the entries that carry a
// scope it changed and keeps the rest. A TTL bounds how stale an entry can be when another
// instance wrote. Memory is bounded by maxEntries whatever clients ask.
import type { ResponseCache } from "../deps.ts";
import type { Scope } from "./scopes.ts";

export interface CachedResponse {
  /** UTF-8 bytes, encoded once: Node then writes them as they are on every hit. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** What the answer shows (scopes.ts), so what is built from it can be kept as long (read-scopes.ts). */
  scopes: readonly Scope[];
}

/** What a request target was answered with: a cached entry and the headers it went out with. */
export interface RememberedAnswer {
  value: CachedResponse;
  headers: Readonly<Record<string, string>>;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Bytes of bodies held at most (the oldest leave first): for entries as large as pages. */
  maxBytes?: number;
  now: () => number;
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const encoder = new TextEncoder();

interface Entry {
  value: CachedResponse;
  expires: number;
  scopes: readonly Scope[];
}

export function createResponseCache({
  ttlMs,
  maxEntries,
  maxBytes = Infinity,
  now,
}: ResponseCacheOptions): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const keysByScope = new Map<Scope, Set<string>>();
  const pending = new Map<string, Promise<CachedResponse>>();
  const remembered = new Map<string, RememberedAnswer & { key: string }>();
  // Write counter and, per scope, the count at its last invalidation: a build that started
  // before a write to one of its scopes read the old state and must not be kept.
  let writes = 0;
  const invalidatedAt = new Map<Scope, number>();
  // Builds started before this count are not kept (after clear(), or once invalidatedAt was trimmed).
  let keepBuildsFrom = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.body.byteLength;
    for (const s of entry.scopes) {
      const keys = keysByScope.get(s);
      keys?.delete(key);
      if (keys?.size === 0) keysByScope.delete(s);
    }
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entries.size >= maxEntries) drop(entries.keys().next().value!);
    while (entries.size > 0 && bytes + entry.value.body.byteLength > maxBytes) drop(entries.keys().next().value!);
    entries.set(key, entry);
    bytes += entry.value.body.byteLength;
    for (const s of entry.scopes) {
      let keys = keysByScope.get(s);
      if (!keys) keysByScope.set(s, (keys = new Set()));
      keys.add(key);
    }
  };

  const fresh = (key: string) => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > now()) return hit.value;
    drop(key);
    return undefined;
  };

  return {
    get(key, build) {
      const hit = fresh(key);
      if (hit) return Promise.resolve(hit);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const startedAt = writes;
      const promise = build()
        .then(({ text, scopes }) => {
          const value = { body: encoder.encode(text), etag: `W/"${text.length}-${fnv1a(text)}"`, scopes };
          const staleAlready =
            startedAt < keepBuildsFrom || scopes.some((s) => (invalidatedAt.get(s) ?? -1) > startedAt);
          if (!staleAlready) store(key, { value, expires: now() + ttlMs, scopes });
          return value;
        })
        .finally(() => {
          if (pending.get(key) === promise) pending.delete(key);
        });
      pending.set(key, promise);
      return promise;
    },
    remember(target, key, value, headersOf) {
      if (fresh(key) !== value) return;
      if (!remembered.has(target) && remembered.size >= maxEntries)
        remembered.delete(remembered.keys().next().value!);
      remembered.set(target, { value, headers: headersOf(), key });
    },
    recall(target) {
      const answer = remembered.get(target);
      if (!answer) return undefined;
      if (fresh(answer.key) === answer.value) return answer;
      remembered.delete(target);
      return undefined;
    },
    invalidate(scopes) {
      if (scopes.length === 0) return;
      writes++;
      for (const s of scopes) {
        invalidatedAt.set(s, writes);
        for (const key of [...(keysByScope.get(s) ?? [])]) drop(key);
      }
      // Requests joining a build that is now stale would get the old answer.
      pending.clear();
      if (invalidatedAt.size > 4 * maxEntries) {
        invalidatedAt.clear();
        keepBuildsFrom = writes;
      }
    },
    clear() {
      keepBuildsFrom = ++writes;
      entries.clear();
      bytes = 0;
      keysByScope.clear();
      pending.clear();
      remembered.clear();
    },
  };
}

/**
 * `primary`, whose invalidations and clears also reach `followers`: caches of what is built
 * from its answers (rendered pages, src/server/pages/page-cache.ts), dropped by the same writes.
 */
export function withFollowers(primary: ResponseCache, ...followers: ResponseCache[]): ResponseCache {
  return {
    get: (key, build) => primary.get(key, build),
    remember: (target, key, value, headersOf) => primary.remember(target, key, value, headersOf),
    recall: (target) => primary.recall(target),
    invalidate(scopes) {
      primary.invalidate(scopes);
      for (const follower of followers) follower.invalidate(scopes);
    },
    clear() {
      primary.clear();
      for (const follower of followers) follower.clear();
    },
  };
}
