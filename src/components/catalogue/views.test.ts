import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AreaDetail } from "./AreaDetail.tsx";
import { CataloguePageBody } from "./CataloguePageBody.tsx";
import { DishDetail } from "./DishDetail.tsx";
import { claimOfferHref, OfferDetail } from "./OfferDetail.tsx";
import { firstBookingLink, RestaurantDetail, splitOpeningHours } from "./RestaurantDetail.tsx";
import { sampleArea, sampleDish, sampleOffer, sampleRestaurant } from "./fixtures.test-data.ts";

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe("DishDetail", () => {
  it("shows the spec's fields: name, rating, place, tags, price with symbol, restaurant link", () => {
    const out = html(createElement(DishDetail, { dish: sampleDish }));
    expect(out).toContain("<h1 id=\"cat-title\">Cacio e Pepe</h1>");
    expect(out).toContain("£14.50");
    expect(out).toContain("Excellent");
    expect(out).toContain("1.2k reviews");
    expect(out).toContain('href="/area/5">Islington</a>, North London');
    expect(out).toContain('href="/tag/italian"');
    expect(out).toContain('href="/restaurant/3"');
    expect(out).toContain('src="/api/files/dish-12.webp"');
    expect(out).toMatch(/<img[^>]+loading="eager"[^>]+fetchPriority="high"/);
    expect(out).toContain("<p>Served in a warm bowl.</p>");
  });

  it("says when a price is not listed and when nothing is rated yet", () => {
    const out = html(createElement(DishDetail, { dish: { ...sampleDish, price: null, rating: 0, ratingCount: 0, reviewCount: 0 } }));
    expect(out).toContain("Not listed");
    expect(out).toContain("No ratings yet");
  });
});

describe("RestaurantDetail", () => {
  it("links Book Online to the first booking link in a new tab", () => {
    const out = html(createElement(RestaurantDetail, { restaurant: sampleRestaurant }));
    expect(out).toMatch(/<a class="btn btn-primary cat-book" href="https:\/\/book\.example\/trattoria" target="_blank" rel="noopener">Book Online/);
    expect(out).toContain("££");
    expect(out).toContain('<span class="cat-hours__day">Monday</span><span class="cat-hours__time">11:00 AM - 9:00 PM</span>');
    expect(out).toContain("Sunday");
    // Issue 30: the app card is the page's, after the menu and reviews (restaurant-menu.test.ts).
    expect(out).not.toContain("The Dishcovery app is coming soon");
  });

  it("hides Book Online when there is no web booking link", () => {
    for (const bookingLinks of [[], ["call us"]]) {
      const out = html(createElement(RestaurantDetail, { restaurant: { ...sampleRestaurant, bookingLinks } }));
      expect(out).not.toContain("Book Online");
    }
    expect(firstBookingLink(["mailto:x@y.z", " https://a.example "])).toBe("https://a.example");
  });

  it("reads opening hours lines as day and hours", () => {
    expect(splitOpeningHours("Monday: 11:00 AM - 9:00 PM")).toEqual(["Monday", "11:00 AM - 9:00 PM"]);
    expect(splitOpeningHours("Open daily")).toEqual(["Open daily"]);
  });
});

describe("OfferDetail", () => {
  it("shows the point 9 badge and the spend line", () => {
    const out = html(createElement(OfferDetail, { offer: sampleOffer }));
    expect(out).toContain(">25% OFF<");
    expect(out).toContain("Spend £30 &amp; Receive £40 In Food &amp; Drink");
    expect(out).toContain("Dine in only.");
    expect(out).toContain("Monday to Thursday, 5 pm to 9 pm");
    expect(out).toContain("Booking required");
  });

  it("shows No Discount when a price is zero", () => {
    const out = html(createElement(OfferDetail, { offer: { ...sampleOffer, originalPrice: 0 } }));
    expect(out).toContain(">No Discount<");
  });

  it("makes Claim Offer a real link: the booking address if it is one, else the restaurant's booking panel", () => {
    expect(claimOfferHref(sampleOffer)).toEqual({ href: "/restaurant/3#booking", external: false });
    expect(claimOfferHref({ ...sampleOffer, booking: "https://book.example/x" })).toEqual({ href: "https://book.example/x", external: true });
    expect(claimOfferHref({ ...sampleOffer, booking: "Book online at https://book.example/bar-hinode and quote the code." })).toEqual({
      href: "https://book.example/bar-hinode",
      external: true,
    });
    expect(claimOfferHref({ ...sampleOffer, booking: "See https://book.example/y." }).href).toBe("https://book.example/y");
    const out = html(createElement(OfferDetail, { offer: sampleOffer }));
    expect(out).toContain('href="/restaurant/3#booking" aria-describedby="cat-claim-next">Claim Offer</a>');
  });

  it("says under Claim Offer what happens next, tied to the button for screen readers", () => {
    const out = html(createElement(OfferDetail, { offer: sampleOffer }));
    expect(out).toContain('<p id="cat-claim-next" class="cat-claim-next muted">');
    expect(out).toContain(`mention this offer when you book, and you pay at the restaurant.`);
    const external = html(createElement(OfferDetail, { offer: { ...sampleOffer, booking: "https://book.example/x" } }));
    expect(external).toContain("on their booking page and mention this offer; you pay at the restaurant.");
  });
});

describe("AreaDetail", () => {
  it("has the breadcrumb Home › Region › Area, the name and the content", () => {
    const out = html(createElement(AreaDetail, { area: sampleArea }));
    expect(out).toContain('<nav class="cat-breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li>North London</li><li aria-current="page">Islington</li></ol></nav>');
    expect(out).toContain("<h1 id=\"cat-title\">Islington</h1>");
    expect(out).toContain("<p>Angel&#x27;s markets.</p>");
  });
});

// Issue 21: an item anyone added says so until a moderator approves it; a merged duplicate's
// page points at the item it repeated.
describe("items anyone added", () => {
  it("are labelled on their page until approved", () => {
    const label = "Added by the community";
    expect(html(createElement(DishDetail, { dish: { ...sampleDish, communityAdded: true } }))).toContain(label);
    expect(html(createElement(RestaurantDetail, { restaurant: { ...sampleRestaurant, communityAdded: true } }))).toContain(
      label,
    );
    expect(html(createElement(DishDetail, { dish: sampleDish }))).not.toContain(label);
    expect(html(createElement(RestaurantDetail, { restaurant: sampleRestaurant }))).not.toContain(label);
  });

  it("show a merged duplicate as a link to the item it was merged into", () => {
    const out = html(
      createElement(CataloguePageBody, {
        kind: "restaurant",
        data: {
          restaurant: { ...sampleRestaurant, mergedInto: { id: 9, name: "Trattoria Roma" } },
          offers: [],
          topDishes: [],
          menu: [],
        },
      }),
    );
    expect(out).toContain('This place was merged into <a href="/restaurant/9">Trattoria Roma</a>.');
    expect(out).not.toContain("Book Online");
  });
});
