import { describe, expect, it } from "vitest";
import { CataloguePageBody, type CataloguePageProps } from "./CataloguePageBody.tsx";
import { sampleArea, sampleDish, sampleOffer, sampleRestaurant } from "./fixtures.test-data.ts";
import { prerenderHtml } from "./prerender-html.ts";
import { staticHtml } from "./static-html.ts";
import { StateMessage } from "./StateMessage.tsx";

const dishes = [1, 2, 3].map((n) => ({ ...sampleDish, id: 100 + n, dishName: `House Dish ${n}` }));
const pages: CataloguePageProps[] = [
  { kind: "dish", data: { dish: sampleDish, moreFromRestaurant: dishes.slice(0, 2) } },
  { kind: "restaurant", data: { restaurant: sampleRestaurant, offers: [sampleOffer], topDishes: dishes, menu: dishes } },
  { kind: "offers", data: { offer: sampleOffer, otherOffers: [{ ...sampleOffer, id: sampleOffer.id + 1 }] } },
  { kind: "area", data: { area: sampleArea, topDishes: dishes, topRestaurants: [sampleRestaurant] } },
];

// An on-demand page must be the prerendered page byte for byte (decision 011): the two
// renderers have to agree on every body the pages have.
describe("prerenderHtml", () => {
  it.each(pages.map((page) => [page.kind, page] as const))(
    "renders the %s page body as the build does",
    async (_kind, props) => {
      const html = await prerenderHtml(CataloguePageBody, props);
      expect(html).toBe(staticHtml(CataloguePageBody, props));
      expect(html).not.toContain('rel="preload"');
    },
  );

  it("renders both page states as the build does", async () => {
    for (const state of ["error", "no-data"] as const) {
      const props = { state, message: `A ${state} message` };
      expect(await prerenderHtml(StateMessage, props)).toBe(staticHtml(StateMessage, props));
    }
  });
});
