// A restaurant photo of the owner's, straight into the database, for the OpenAPI walks.
import { files, restaurantPhotos } from "../db/schema.ts";
import type { TestApp } from "./test-app.ts";

export async function ownerPhotoOf(t: TestApp, restaurantId: number, ownerId: number): Promise<number> {
  const name = `p-${crypto.randomUUID()}-1w.webp`;
  await t.db
    .insert(files)
    .values({ name, contentType: "image/webp", width: 1, height: 1, bytes: 1, ownerId });
  const [row] = await t.db
    .insert(restaurantPhotos)
    .values({ restaurantId, fileName: name, variants: [{ name, width: 1 }] })
    .returning({ id: restaurantPhotos.id });
  return row!.id;
}
