// Which cached answers a request was given, for a caller that builds something from several
// reads (a page rendered on demand, src/server/pages/page-cache.ts) and keeps it exactly as
// long as they stand: it carries the union of their scopes and is dropped by the same writes
// (decision 010). A read that did not come from a cache entry (a 404, an uncached route, a
// per-user answer) has no scopes to give, and the caller must not keep what it built.
import type { Scope } from "./scopes.ts";

const watched = new WeakMap<Request, { scopes: readonly Scope[] | undefined }>();

/** Starts recording what `request` is answered from; read it back with readScopesOf. */
export function watchScopes(request: Request): void {
  watched.set(request, { scopes: undefined });
}

/** Called where an answer is an entry of the response cache (cachedRead, the URL fast path). */
export function noteReadScopes(request: Request, scopes: readonly Scope[]): void {
  const record = watched.get(request);
  if (record) record.scopes = scopes;
}

/** The scopes of the entry `request` was answered from; undefined when it was not a cache entry. */
export function readScopesOf(request: Request): readonly Scope[] | undefined {
  return watched.get(request)?.scopes;
}
