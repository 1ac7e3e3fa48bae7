// GET /api/reviews/{kind}/{id}/mine (issue 30): the composer learns, when a place is chosen,
// that the caller already reviewed it, so it offers an edit instead of a refused post.
import { expect, it } from "vitest";
import { createUser, ESTABLISHED, type TestUser } from "../testing/accounts.ts";
import { useCatalogueTestApp } from "../testing/fixture.ts";

let restaurantId: number;
let dishId: number;
const { t } = useCatalogueTestApp({}, async (t, f) => {
  restaurantId = f.restaurantIds["Green Leaf Kitchen"]!;
  const dishes = (await (await t.app.request(`/api/dishes/top?restaurantId=${restaurantId}&topNum=5`)).json()) as {
    data: { id: number }[];
  };
  dishId = dishes.data[0]!.id;
});

async function mine(user: TestUser | null, kind: string, id: number) {
  const res = await t.app.request(`/api/reviews/${kind}/${id}/mine`, { headers: user?.authorization ?? {} });
  return { status: res.status, cache: res.headers.get("cache-control"), body: (await res.json()) as { data?: unknown } };
}

it("answers the caller's own review of a restaurant or dish, null for others, and only to the signed-in", async () => {
  const author = await createUser(t, ESTABLISHED);
  const other = await createUser(t, ESTABLISHED);
  expect((await mine(author, "restaurant", restaurantId)).body.data).toBeNull();

  const form = new FormData();
  form.append("restaurantId", String(restaurantId));
  form.append("content", "Lovely greens");
  form.append("rating", "4.2");
  form.append("dishReviews", JSON.stringify([{ dishId, content: "Crisp", rating: 4 }]));
  const posted = await t.app.request("/api/posts/save", { method: "POST", body: form, headers: author.authorization });
  expect(posted.status).toBe(200);
  const { data } = (await posted.json()) as { data: { postId: number; dishPostIds: number[] } };

  const restaurant = await mine(author, "restaurant", restaurantId);
  expect(restaurant.body.data).toEqual({ postId: data.postId, kind: "restaurant", itemId: restaurantId });
  expect(restaurant.cache).toContain("no-store");
  expect((await mine(author, "dish", dishId)).body.data).toEqual({
    postId: data.dishPostIds[0],
    kind: "dish",
    itemId: dishId,
  });
  // Someone else's review is not theirs; a visitor has none to edit.
  expect((await mine(other, "restaurant", restaurantId)).body.data).toBeNull();
  expect((await mine(null, "restaurant", restaurantId)).status).toBe(401);
  expect((await mine(author, "restaurant", 0)).status).toBe(400);
});
