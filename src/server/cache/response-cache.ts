// The hot public reads ('top', 'trending', tags, regions, areas, items by id) change only
// when a review or a catalogue write lands, so they are answered from memory as
// pre-serialised JSON. Any write through this process calls invalidate(); the TTL bounds
// staleness when another instance (a second Node process, another Worker isolate) wrote.
export interface CachedResponse {
  /** UTF-8 bytes, encoded once: Node then writes them as they are on every hit. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface ResponseCache {
  get(key: string, build: () => Promise<string>): Promise<CachedResponse>;
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

export function createResponseCache({ ttlMs, maxEntries, now }: ResponseCacheOptions): ResponseCache {
  let generation = 0;
  const entries = new Map<string, { value: CachedResponse; expires: number; generation: number }>();
  const pending = new Map<string, Promise<CachedResponse>>();

  return {
    async get(key, build) {
      const hit = entries.get(key);
      if (hit && hit.generation === generation && hit.expires > now()) return hit.value;
      // Concurrent misses for one key share a single database read.
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const started = generation;
      const promise = build()
        .then((text) => {
          const value = { body: encoder.encode(text), etag: `W/"${generation}-${text.length}-${fnv1a(text)}"` };
          if (started === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, expires: now() + ttlMs, generation });
          }
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}
