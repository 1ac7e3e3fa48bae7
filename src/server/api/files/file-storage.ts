// Where uploaded and generated files live: local disk under the Node entry, R2 on Cloudflare.
export interface StoredFile {
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  bytes: number;
}

export interface FileStorage {
  get(name: string): Promise<StoredFile | null>;
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  delete(name: string): Promise<void>;
}
