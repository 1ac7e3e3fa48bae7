// Issue 23: a post answers once its photos are checked and staged privately; the widths are
// encoded afterwards and swapped in, the review showing a preview of the right shape until
// then. A restart resumes pending encodes, an interrupted attempt leaves no orphan file, and
// a photo that cannot be encoded is dropped with a note to its author.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import type { Review } from "../../../shared/schemas/reviews.ts";
import { recordPhotoOutputs, photoJob } from "../db/queries/photo-encodes.ts";
import { files, photoEncodes, postImages } from "../db/schema.ts";
import { PhotoRejectedError, type ProcessedPhoto } from "../files/image-pipeline.ts";
import { sharpImagePipeline } from "../files/sharp-image-pipeline.ts";
import { PHOTO_JOB_LEASE_MS, type PhotoEncoder } from "../services/photo-encodes.ts";
import { createUser, type TestUser } from "../testing/accounts.ts";
import { buildCatalogueFixture, type CatalogueFixture } from "../testing/fixture.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: CatalogueFixture;
let photo: Buffer;
/** What the encoder does next; default: sharp, as the worker pool does. */
let behaviour: (bytes: Uint8Array) => Promise<ProcessedPhoto>;
const sharpEncode = (bytes: Uint8Array) => sharpImagePipeline().reviewPhoto({ name: "staged", bytes }, 0);
const encoder: PhotoEncoder = { encode: (bytes) => behaviour(bytes) };

beforeEach(async () => {
  behaviour = sharpEncode;
  t = await createTestApp({ photoJobs: encoder });
  f = await buildCatalogueFixture(t.db, t.clock.now());
  photo ??= await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();
});
afterEach(async () => {
  await t.deps.photoJobs!.idle();
  await t.close();
});

function postReview(user: TestUser, images: Blob[]) {
  const form = new FormData();
  form.append("restaurantId", String(f.restaurantIds["Grill Republic"]));
  form.append("content", "Smoky and good");
  form.append("rating", "4");
  for (const image of images) form.append("images", image);
  return t.app.request("/api/posts/save", { method: "POST", body: form, headers: user.authorization });
}

const jpeg = (bytes: Uint8Array = photo) =>
  new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" });

async function reviewOf(postId: number): Promise<Review> {
  const res = await t.app.request(`/api/reviews/restaurant/${f.restaurantIds["Grill Republic"]}?pageSize=50`);
  const { data } = (await res.json()) as { data: { reviews: Review[] } };
  return data.reviews.find((r) => r.id === postId)!;
}

/** Every stored file has its row, and every row its file: nothing orphaned either way. */
async function storedFilesMatchRows() {
  const onDisk = (() => {
    try {
      return readdirSync(join(t.folder, "files")).sort();
    } catch {
      return [];
    }
  })();
  const rows = await t.db.select({ name: files.name }).from(files);
  expect(onDisk).toEqual(rows.map((r) => r.name).sort());
}

/** An encoder that waits until released, to look at the review in between. */
function gatedEncoder() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const began = new Promise<void>((resolve) => (started = resolve));
  behaviour = async (bytes) => {
    started();
    await gate;
    return sharpEncode(bytes);
  };
  return { release, began };
}

describe("photos encoded off the request", () => {
  it("answers before encoding, shows a preview of the right shape, then swaps the widths in", async () => {
    const user = await createUser(t);
    const { release, began } = gatedEncoder();
    const res = await postReview(user, [jpeg()]);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { postId: number } };
    await began;

    const pending = (await reviewOf(data.postId)).photos[0]!;
    expect(pending).toMatchObject({ width: 1200, height: 900, srcset: [] });
    expect(pending.placeholder).toMatch(/^data:image\/webp;base64,/);
    // The staged upload is stored, privately: the files route never serves it.
    const [row] = await t.db.select().from(postImages).where(eq(postImages.postId, data.postId));
    expect(row!.fileName.startsWith("private~")).toBe(true);
    expect((await t.app.request(`/api/files/${row!.fileName}`)).status).toBe(400);
    expect((await t.app.request(`/api/files/${pending.name}`)).status).toBe(404);

    release();
    await t.deps.photoJobs!.idle();
    const ready = (await reviewOf(data.postId)).photos[0]!;
    expect(ready.placeholder).toBeUndefined();
    expect(ready.srcset.map((s) => s.width)).toEqual([400, 800, 1200]);
    expect((await t.app.request(`/api/files/${ready.name}`)).headers.get("content-type")).toBe("image/webp");
    expect(await t.db.$count(photoEncodes)).toBe(0);
    await storedFilesMatchRows();
  });

  it("refuses a damaged photo in the request, staging nothing", async () => {
    const user = await createUser(t);
    const res = await postReview(user, [jpeg(photo.subarray(0, photo.length / 2))]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(REVIEW_MESSAGES.imageDamaged);
    expect(await t.db.$count(photoEncodes)).toBe(0);
    expect(await t.db.$count(postImages)).toBe(0);
    await storedFilesMatchRows();
  });

  it("drops a photo that cannot be encoded and tells its author", async () => {
    const user = await createUser(t);
    behaviour = async () => {
      throw new PhotoRejectedError(REVIEW_MESSAGES.imageDamaged, 0);
    };
    const res = await postReview(user, [jpeg()]);
    const { data } = (await res.json()) as { data: { postId: number } };
    await t.deps.photoJobs!.idle();
    expect((await reviewOf(data.postId)).photos).toEqual([]);
    const notes = await t.app.request("/api/notifications", { headers: user.authorization });
    const { data: page } = (await notes.json()) as {
      data: { notifications: { kind: string; postId: number }[] };
    };
    // Through notify(), as news from the site: told although its actor is the author.
    expect(page.notifications).toEqual([
      expect.objectContaining({
        kind: "photo-dropped",
        postId: data.postId,
        actor: expect.objectContaining({ userId: 0, name: "Dishcovery" }),
        read: false,
      }),
    ]);
    expect(await t.db.$count(photoEncodes)).toBe(0);
    await storedFilesMatchRows();
  });

  it("resumes after a crash mid-encode, cleaning up what the interrupted attempt wrote", async () => {
    const user = await createUser(t);
    behaviour = async () => {
      throw new Error("the photo encoder stopped");
    };
    const res = await postReview(user, [jpeg()]);
    const { data } = (await res.json()) as { data: { postId: number } };
    await t.deps.photoJobs!.idle();
    const [row] = await t.db.select().from(postImages).where(eq(postImages.postId, data.postId));
    // As if a process had recorded and written its outputs, then died before the swap.
    const job = (await photoJob(t.db, row!.fileName))!;
    const half = await sharpEncode(photo);
    await recordPhotoOutputs(t.db, job, half.files, t.clock.now());
    for (const output of half.outputs) await t.deps.files.put(output.name, output.body, output.contentType);

    behaviour = sharpEncode;
    await t.deps.photoJobs!.sweep();
    await t.deps.photoJobs!.idle();
    expect((await reviewOf(data.postId)).photos[0]!.placeholder).toBeDefined();
    t.clock.advance(PHOTO_JOB_LEASE_MS + 1);
    await t.deps.photoJobs!.sweep();
    await t.deps.photoJobs!.idle();
    expect((await reviewOf(data.postId)).photos[0]!.srcset).toHaveLength(3);
    expect(await t.db.$count(photoEncodes)).toBe(0);
    await storedFilesMatchRows();
  });

  it("drops a photo whose encode keeps failing after three attempts, storing nothing of it", async () => {
    const user = await createUser(t);
    behaviour = async () => {
      throw new Error("the photo encoder stopped");
    };
    const res = await postReview(user, [jpeg()]);
    const { data } = (await res.json()) as { data: { postId: number } };
    for (let attempt = 0; attempt < 4; attempt++) {
      // A sweep before the lease lapses takes nothing and costs no attempt.
      await t.deps.photoJobs!.sweep();
      await t.deps.photoJobs!.idle();
      t.clock.advance(PHOTO_JOB_LEASE_MS + 1);
      await t.deps.photoJobs!.sweep();
      await t.deps.photoJobs!.idle();
    }
    expect((await reviewOf(data.postId)).photos).toEqual([]);
    expect(await t.db.$count(photoEncodes)).toBe(0);
    await storedFilesMatchRows();
  });

  it("deleting a review while its photo waits removes the staged file and its job", async () => {
    const user = await createUser(t);
    const { release, began } = gatedEncoder();
    const res = await postReview(user, [jpeg()]);
    const { data } = (await res.json()) as { data: { postId: number } };
    await began;
    const del = await t.app.request(`/api/posts/${data.postId}`, {
      method: "DELETE",
      headers: user.authorization,
    });
    release();
    expect(del.status, JSON.stringify(t.errors)).toBe(200);
    await t.deps.photoJobs!.idle();
    expect(await t.db.$count(photoEncodes)).toBe(0);
    expect(await t.db.all(sql`SELECT name FROM files WHERE owner_id = ${user.userId}`)).toEqual([]);
    await storedFilesMatchRows();
  });
});
