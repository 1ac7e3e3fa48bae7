// The Node host renders on-demand page bodies with renderToString (renderHtmlSync): they must
// be the bytes prerender-html.ts gives in every runtime, so a page is the same wherever it is
// rendered (decision 011).
import { describe, expect, it } from "vitest";
import { CataloguePageBody, type CataloguePageProps } from "../../components/catalogue/CataloguePageBody.tsx";
import {
  sampleArea,
  sampleDish,
  sampleOffer,
  sampleRestaurant,
} from "../../components/catalogue/fixtures.test-data.ts";
import { prerenderHtml } from "../../components/catalogue/prerender-html.ts";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import { renderHtmlSync } from "./on-demand-node.ts";

const dishes = [1, 2, 3].map((n) => ({ ...sampleDish, id: 200 + n, dishName: `House Dish ${n}` }));
const pause = { until: "2026-11-28T12:00:00.000Z", message: "Reviews are paused" };
const pages: CataloguePageProps[] = [
  { kind: "dish", data: { dish: sampleDish, moreFromRestaurant: dishes.slice(0, 2), reviewPause: pause } },
  { kind: "restaurant", data: { restaurant: sampleRestaurant, offers: [sampleOffer], topDishes: dishes, menu: dishes } },
  { kind: "offers", data: { offer: sampleOffer, otherOffers: [{ ...sampleOffer, id: sampleOffer.id + 1 }] } },
  { kind: "area", data: { area: sampleArea, topDishes: dishes, topRestaurants: [sampleRestaurant] } },
];

describe("renderHtmlSync", () => {
  it.each(pages.map((page) => [page.kind, page] as const))("renders the %s body as prerenderHtml does", async (_kind, props) => {
    expect(await renderHtmlSync(CataloguePageBody, props)).toBe(await prerenderHtml(CataloguePageBody, props));
  });

  it("renders both page states as prerenderHtml does", async () => {
    for (const state of ["error", "no-data"] as const) {
      const props = { state, message: `A ${state} message` };
      expect(await renderHtmlSync(StateMessage, props)).toBe(await prerenderHtml(StateMessage, props));
    }
  });
});
