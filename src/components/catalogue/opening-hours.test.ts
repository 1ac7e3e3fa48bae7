import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "../../domain/review-rules.ts";
import { WEEKDAYS, openingHoursLines, type OpeningHours as Hours } from "../../domain/owners.ts";
import { OpeningHours, OpenStatus } from "./OpeningHoursBlock.tsx";

const hours: Hours = {
  weekly: Object.fromEntries(
    WEEKDAYS.map((d) => [d, [{ opens: "12:00", closes: "21:00" }]]),
  ) as Hours["weekly"],
  closures: [],
};
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe("opening hours on item pages (issue 30)", () => {
  it("leaves the open/closed line to the browser, carrying the hours, and names each day's line", () => {
    const restaurant = { hours, communityAdded: false, openingHours: openingHoursLines(hours) };
    const status = html(createElement(OpenStatus, { restaurant }));
    expect(status).toContain("data-open-status");
    expect(status).toContain("hidden");
    expect(status).toContain("&quot;opens&quot;:&quot;12:00&quot;");
    const list = html(createElement(OpeningHours, { restaurant }));
    expect(list).toContain('data-day="monday"');
    expect(list).toContain("12:00-21:00");
  });

  it("says a member's restaurant's hours are not confirmed and never lists the default ones", () => {
    const restaurant = { hours: null, communityAdded: true, openingHours: [...DEFAULT_OPENING_HOURS] };
    expect(html(createElement(OpenStatus, { restaurant }))).toBe(
      '<p class="cat-open-status">Hours not confirmed</p>',
    );
    const list = html(createElement(OpeningHours, { restaurant }));
    expect(list).toContain("Hours not confirmed");
    expect(list).not.toContain("cat-hours__time");
  });

  it("asks the browser to read a dish's restaurant's hours", () => {
    expect(html(createElement(OpenStatus, { restaurantId: 7 }))).toContain('data-restaurant-id="7"');
  });
});
