// Editing can change photos (issue 30, the composer): POST /posts/{id}/photos and DELETE
// /posts/{id}/photos/{name}, through the real app over a real SQLite file. Only the author
// changes them, within the spec's 10 over the review and its dish reviews; each change keeps
// the review as it was for moderators and shows at once in the item's cached review list;
// refusals change nothing.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { REVIEW_PHOTO_EDIT_MESSAGES } from "../../../domain/review-photo-edits.ts";
import { REVIEW_MESSAGES } from "../../../domain/review-rules.ts";
import { createUser, ESTABLISHED, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let photo: Buffer;
const { t, f } = useCatalogueTestApp({}, async () => {
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
type Answer = { status: number; message: string; data: any };

const jpeg = (name = "photo.jpg") => new File([new Uint8Array(photo)], name, { type: "image/jpeg" });

async function send(method: string, path: string, who: TestUser | null, body?: FormData): Promise<Answer> {
  const res = await t.app.request(path, { method, body, headers: { ...(who?.authorization ?? {}) } });
  return { status: res.status, ...((await res.json()) as Omit<Answer, "status">) };
}

function form(fields: Record<string, string | Blob | Blob[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

const addPhotos = (who: TestUser | null, postId: number, count: number) =>
  send("POST", `/api/posts/${postId}/photos`, who, form({ images: Array.from({ length: count }, (_, i) => jpeg(`p${i}.jpg`)) }));

async function postWithPhotos(who: TestUser, restaurant: string, count: number) {
  const posted = await send(
    "POST",
    "/api/posts/save",
    who,
    form({
      restaurantId: String(f.restaurantIds[restaurant]),
      content: "Crisp edges, soft middle",
      rating: "4.4",
      ...(count > 0 ? { images: Array.from({ length: count }, (_, i) => jpeg(`first${i}.jpg`)) } : {}),
    }),
  );
  expect(posted.status, posted.message).toBe(200);
  return posted.data.postId as number;
}

const photosOf = async (postId: number, who: TestUser) =>
  ((await send("GET", `/api/posts/${postId}`, who)).data.photos as { name: string }[]).map((p) => p.name);

async function state(postId: number) {
  const [row] = await t.db.all<{ images: number; versions: number; files: number }>(
    sql`SELECT (SELECT count(*) FROM post_images WHERE post_id = ${postId}) AS images,
      (SELECT count(*) FROM review_versions WHERE post_id = ${postId}) AS versions,
      (SELECT count(*) FROM files) AS files`,
  );
  return row!;
}

describe("changing the photos of one's review", () => {
  it("adds photos for its author, keeps the review as it was, and the item's list shows them at once", async () => {
    const author = await createUser(t, ESTABLISHED);
    const postId = await postWithPhotos(author, "Tonkotsu Lane", 1);
    const listed = async () =>
      (await send("GET", `/api/reviews/restaurant/${f.restaurantIds["Tonkotsu Lane"]}`, null)).data.reviews.find(
        (r: { id: number }) => r.id === postId,
      ).photos.length as number;
    expect(await listed()).toBe(1);

    const added = await addPhotos(author, postId, 2);
    expect(added.status, added.message).toBe(200);
    expect(added.message).toBe(REVIEW_PHOTO_EDIT_MESSAGES.added);
    expect(await photosOf(postId, author)).toHaveLength(3);
    expect(await listed()).toBe(3);
    expect((await state(postId)).versions).toBe(1);
  });

  it("takes a photo off for its author; the kept version still names it", async () => {
    const author = await createUser(t, ESTABLISHED);
    const postId = await postWithPhotos(author, "Kyoto Ramen House", 2);
    const [first, second] = await photosOf(postId, author);
    const res = await send("DELETE", `/api/posts/${postId}/photos/${encodeURIComponent(first!)}`, author);
    expect(res.status, res.message).toBe(200);
    expect(await photosOf(postId, author)).toEqual([second]);
    const [version] = await t.db.all<{ photos: string }>(
      sql`SELECT photos FROM review_versions WHERE post_id = ${postId}`,
    );
    expect(version!.photos).toContain(first!);

    const missing = await send("DELETE", `/api/posts/${postId}/photos/${encodeURIComponent(first!)}`, author);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe(REVIEW_PHOTO_EDIT_MESSAGES.notFound);
  });

  it("refuses anyone but the author, changing nothing", async () => {
    const [author, stranger] = [await createUser(t, ESTABLISHED), await createUser(t, ESTABLISHED)];
    const postId = await postWithPhotos(author, "Grill Republic", 1);
    const [name] = await photosOf(postId, author);
    const before = await state(postId);
    expect((await addPhotos(stranger, postId, 1)).status).toBe(403);
    expect((await addPhotos(null, postId, 1)).status).toBe(401);
    expect((await send("DELETE", `/api/posts/${postId}/photos/${encodeURIComponent(name!)}`, stranger)).status).toBe(403);
    expect((await send("DELETE", `/api/posts/${postId}/photos/${encodeURIComponent(name!)}`, null)).status).toBe(401);
    expect(await state(postId)).toEqual(before);
  });

  it("keeps the spec's 10 photos over the review: the 11th is refused before any is stored", async () => {
    const owner = await createUser(t, ESTABLISHED);
    const id = await postWithPhotos(owner, "Tonkotsu Lane", 0);
    expect((await addPhotos(owner, id, 9)).status).toBe(200);
    const before = await state(id);
    const over = await addPhotos(owner, id, 2);
    expect(over.status).toBe(400);
    expect(over.message).toBe(REVIEW_MESSAGES.tooManyImages);
    expect(await state(id)).toEqual(before);
    expect((await addPhotos(owner, id, 1)).status).toBe(200);
    expect((await state(id)).images).toBe(10);
  });

  it("answers an empty or non-photo upload 400", async () => {
    const author = await createUser(t, ESTABLISHED);
    const postId = await postWithPhotos(author, "Grill Republic", 0);
    const text = new File([new TextEncoder().encode("not a photo")], "note.jpg", { type: "image/jpeg" });
    const bad = await send("POST", `/api/posts/${postId}/photos`, author, form({ images: text }));
    expect(bad.status).toBe(400);
    expect((await state(postId)).images).toBe(0);
  });
});
