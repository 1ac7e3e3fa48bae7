import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileStorage } from "../deps.ts";

const TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
  svg: "image/svg+xml",
  gif: "image/gif",
};

// Names are validated by the route (SAFE_FILE_NAME), so joining cannot leave the folder.
export function diskFileStorage(folder: string): FileStorage {
  return {
    async get(name) {
      try {
        const body = await readFile(join(folder, name));
        const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
        return { body, contentType: TYPES[ext] ?? "application/octet-stream", bytes: body.byteLength };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async put(name, body) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), body);
    },
    async delete(name) {
      await rm(join(folder, name), { force: true });
    },
  };
}
