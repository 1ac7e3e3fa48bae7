// Pictures render on a worker thread while the database fills; their rows go in first
// (post_images refers to them) and get their byte sizes once rendering is done.
import type { BatchItem } from "drizzle-orm/batch";
import { eq, sql } from "drizzle-orm";
import { files } from "../../server/api/db/schema.ts";
import type { FileStorage } from "../../server/api/deps.ts";
import { startRendering } from "../artwork/render.ts";
import { chunked, DAY, type SeedContext } from "./context.ts";

export interface PicturesUnderWay {
  /** Waits for the worker, stores the files and records their sizes. */
  finish: (storage: FileStorage) => Promise<{ files: number; imageSeconds: number }>;
}

export async function startPictures(ctx: SeedContext, scale: number): Promise<PicturesUnderWay> {
  const { db, now, log, pool } = ctx;
  const started = performance.now();
  const finishImages = startRendering(scale, pool.specs);
  for (const part of chunked(pool.specs, 300)) {
    await db
      .insert(files)
      .values(
        part.map((s) => ({
          name: s.name,
          contentType: "image/webp",
          width: s.width,
          height: s.height,
          bytes: 0,
          createdAt: now - 800 * DAY,
        })),
      )
      .onConflictDoUpdate({
        target: files.name,
        set: { width: sql`excluded.width`, height: sql`excluded.height` },
      });
  }
  return {
    finish: async (storage) => {
      const { images: rendered, renderSeconds: imageSeconds } = await finishImages(storage);
      const readySeconds = (performance.now() - started) / 1000;
      const sizes: BatchItem<"sqlite">[] = rendered.map((image) =>
        db.update(files).set({ bytes: image.bytes }).where(eq(files.name, image.name)),
      );
      if (sizes.length > 0) await db.batch(sizes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      log(
        `images ${rendered.length}: rendered in ${imageSeconds.toFixed(1)} s on a worker thread, stored ${readySeconds.toFixed(1)} s after the seed started`,
      );
      return { files: rendered.length, imageSeconds };
    },
  };
}
