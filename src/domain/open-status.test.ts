import { describe, expect, it } from "vitest";
import { londonClock } from "./open-now.ts";
import { hoursConfirmed, openStatus } from "./open-status.ts";
import { WEEKDAYS, type OpeningHours } from "./owners.ts";

const lunchAndDinner: OpeningHours = {
  weekly: {
    ...(Object.fromEntries(
      WEEKDAYS.map((d) => [
        d,
        [
          { opens: "12:00", closes: "15:00" },
          { opens: "18:00", closes: "21:00" },
        ],
      ]),
    ) as OpeningHours["weekly"]),
    monday: [],
    saturday: [{ opens: "18:00", closes: "02:00" }],
  },
  closures: [{ date: "2026-12-09", note: "Staff party" }],
};
// 2026-12-04 is a Friday; in December London is on GMT, so UTC hours are London's.
const at = (iso: string) => londonClock(Date.parse(iso));

describe("open status (issue 30)", () => {
  it("says when an open place closes and a closed one opens, in London time", () => {
    expect(openStatus(lunchAndDinner, at("2026-12-04T13:00:00Z"))).toBe("Open now · closes 15:00");
    expect(openStatus(lunchAndDinner, at("2026-12-04T16:00:00Z"))).toBe("Closed · opens 18:00");
    expect(openStatus(lunchAndDinner, at("2026-12-04T09:00:00Z"))).toBe("Closed · opens 12:00");
    expect(openStatus(lunchAndDinner, at("2026-12-04T22:00:00Z"))).toBe("Closed · opens tomorrow 18:00");
    // Saturday's late range runs past midnight into Sunday.
    expect(openStatus(lunchAndDinner, at("2026-12-06T01:00:00Z"))).toBe("Open now · closes 02:00");
    // Sunday night: Monday is a day off, so Tuesday's lunch.
    expect(openStatus(lunchAndDinner, at("2026-12-06T22:00:00Z"))).toBe("Closed · opens Tuesday 12:00");
    // Wednesday 9 December is closed for a party: Thursday.
    expect(openStatus(lunchAndDinner, at("2026-12-08T22:00:00Z"))).toBe("Closed · opens Thursday 12:00");
  });

  it("reads summer time: 11:30 UTC in July is 12:30 in London", () => {
    expect(openStatus(lunchAndDinner, at("2026-07-03T11:30:00Z"))).toBe("Open now · closes 15:00");
  });

  it("says nothing without hours, and a member's restaurant's hours are not confirmed", () => {
    expect(openStatus(null, at("2026-12-04T13:00:00Z"))).toBeNull();
    expect(hoursConfirmed({ hours: null, communityAdded: true })).toBe(false);
    expect(hoursConfirmed({ hours: lunchAndDinner, communityAdded: true })).toBe(true);
    expect(hoursConfirmed({ hours: null, communityAdded: false })).toBe(true);
  });
});
