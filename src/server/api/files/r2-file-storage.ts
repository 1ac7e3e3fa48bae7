import type { FileStorage } from "../deps.ts";

/** The slice of Cloudflare's R2 bucket binding we use (kept local to avoid a types package). */
export interface R2BucketLike {
  get(
    key: string,
  ): Promise<{
    body: ReadableStream<Uint8Array>;
    size: number;
    httpMetadata?: { contentType?: string };
  } | null>;
  put(
    key: string,
    value: Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  delete(key: string): Promise<void>;
}

export function r2FileStorage(bucket: R2BucketLike): FileStorage {
  return {
    async get(name) {
      const object = await bucket.get(name);
      if (!object) return null;
      return {
        body: object.body,
        bytes: object.size,
        contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
      };
    },
    async put(name, body, contentType) {
      await bucket.put(name, body, { httpMetadata: { contentType } });
    },
    async delete(name) {
      await bucket.delete(name);
    },
  };
}
