// On Cloudflare a deleted photo also leaves the data centre's cache at once (caches.default):
// every removal of stored bytes (a deleted review, a deleted account, a replaced profile
// photo) goes through FileStorage.delete, so wrapping it reaches them all. Other data centres
// and browsers hold a copy for at most the photo's max-age (routes/files.ts). Node has no
// shared cache to purge.
import { fileUrl } from "../../../domain/file-url.ts";
import type { FileStorage } from "../deps.ts";

/** The slice of the Workers Cache API used here. */
export interface UrlCache {
  delete(request: Request): Promise<boolean>;
}

export function purgingOnDelete(
  storage: FileStorage,
  cache: () => UrlCache | undefined,
  origins: Iterable<string>,
): FileStorage {
  return {
    get: (name) => storage.get(name),
    put: (name, body, contentType) => storage.put(name, body, contentType),
    async delete(name) {
      await storage.delete(name);
      const held = cache();
      if (!held) return;
      // The bytes are gone; a failed purge leaves the copy to its max-age.
      await Promise.all(
        [...origins].map((origin) =>
          held.delete(new Request(`${origin}${fileUrl(name)}`)).catch(() => false),
        ),
      );
    },
  };
}
