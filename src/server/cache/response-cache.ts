// The hot public reads ('top', 'trending', tags, regions, areas, items by id) change only
// when a review or a catalogue write lands, so they are answered from memory as
// pre-serialised JSON. Any write through this process calls invalidate(); the TTL bounds
// staleness when another instance (a second Node process, another Worker isolate) wrote.
export interface CachedResponse {
  /** UTF-8 bytes, encoded once: Node then writes them as they are on every hit. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** What a request target was answered with: a cached entry and the headers it went out with. */
export interface RememberedAnswer {
  value: CachedResponse;
  headers: Readonly<Record<string, string>>;
}

export interface ResponseCache {
  get(key: string, build: () => Promise<string>): Promise<CachedResponse>;
  /**
   * Remembers that the request target `target` (path and query exactly as received) was
   * answered by `value`, the entry under `key`, with the headers `headersOf()` gives (asked
   * only when `value` is still the fresh entry, so a stale answer costs nothing). Only for
   * routes whose answer depends on nothing but the target and that entry (url-fast-path.ts).
   */
  remember(
    target: string,
    key: string,
    value: CachedResponse,
    headersOf: () => RememberedAnswer["headers"],
  ): void;
  /** What remember() kept for `target`, while `value` is still the fresh entry under its key. */
  recall(target: string): RememberedAnswer | undefined;
  invalidate(): void;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries: number;
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

/** Drops the oldest key once a map is full, so memory stays bounded whatever clients ask. */
function setBounded<V>(map: Map<string, V>, key: string, value: V, maxEntries: number) {
  if (!map.has(key) && map.size >= maxEntries) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export function createResponseCache({ ttlMs, maxEntries, now }: ResponseCacheOptions): ResponseCache {
  let generation = 0;
  const entries = new Map<string, { value: CachedResponse; expires: number; generation: number }>();
  const pending = new Map<string, Promise<CachedResponse>>();
  const remembered = new Map<string, RememberedAnswer & { key: string }>();

  const fresh = (key: string) => {
    const hit = entries.get(key);
    return hit && hit.generation === generation && hit.expires > now() ? hit.value : undefined;
  };

  return {
    async get(key, build) {
      const hit = fresh(key);
      if (hit) return hit;
      // Concurrent misses for one key share a single database read.
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const started = generation;
      const promise = build()
        .then((text) => {
          const value = {
            body: encoder.encode(text),
            etag: `W/"${generation}-${text.length}-${fnv1a(text)}"`,
          };
          if (started === generation)
            setBounded(entries, key, { value, expires: now() + ttlMs, generation }, maxEntries);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
    remember(target, key, value, headersOf) {
      // An answer built across an invalidation (or with no TTL) was never stored: remembering
      // it would only be dropped at the next recall.
      if (fresh(key) !== value) return;
      setBounded(remembered, target, { value, headers: headersOf(), key }, maxEntries);
    },
    recall(target) {
      const answer = remembered.get(target);
      if (!answer) return undefined;
      // Identity, not equality: a TTL rebuild or an invalidation makes a new entry, and the
      // target must then go through its route (and its validation) again.
      if (fresh(answer.key) === answer.value) return answer;
      remembered.delete(target);
      return undefined;
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
      remembered.clear();
    },
  };
}
