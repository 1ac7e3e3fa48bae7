// A restaurant and a dish anyone adds, in Chromium against the built, seeded site (issue 21,
// docs/moderation.md "Added restaurants and dishes"): each page, rendered on demand since the
// build never saw them, says "Added by the community" with why it is in no ranking yet, and
// passes axe; search finds the restaurant and its card carries the same label.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, api, addRestaurant, newPage } = sessionHelpersFor(shared);

const NAME = "Lantern Yard Canteen";
let restaurantId: number;
let dishId: number;

beforeAll(async () => {
  const adder = await signedInSession("cadd");
  restaurantId = await addRestaurant(adder, {
    name: NAME,
    address: "4 Lantern Yard",
    postCode: "E1 6LY",
    tags: ["Ramen"],
  });
  const dish = await api<{ id: number }>(adder, "/dishes/save", {
    method: "POST",
    body: JSON.stringify({ dishName: "Lantern Yard Dumplings", price: 8.5, tags: ["Ramen"], restaurantId }),
  });
  expect(dish.status, dish.body.message).toBe(200);
  dishId = dish.body.data.id;
});

describe("a restaurant and a dish anyone added", () => {
  it("say so on their pages, which pass axe", async () => {
    const { context, page, problems } = await newPage(null, { forAxe: true });
    for (const path of [`/restaurant/${restaurantId}`, `/dish/${dishId}`]) {
      const response = await page.goto(url(path), { waitUntil: "load" });
      expect(response?.status(), path).toBe(200);
      await page.getByText("Added by the community", { exact: true }).waitFor();
      await page
        .getByText(/Our moderators have not checked it yet, so it is not in our rankings\./)
        .waitFor();
      expect(await seriousViolations(page, "main"), path).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("are found by search, labelled on their card", async () => {
    const { context, page } = await newPage(null);
    await page.goto(url(`/search?keyword=${encodeURIComponent("Lantern Yard")}`), { waitUntil: "load" });
    for (const name of [NAME, "Lantern Yard Dumplings"]) {
      const card = page
        .getByRole("article")
        .filter({ has: page.getByRole("link", { name, exact: true }) })
        .first();
      await card.getByText("Added by the community", { exact: true }).waitFor();
    }
    await context.close();
  });
});
