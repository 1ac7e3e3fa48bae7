import { describe, expect, it } from "vitest";
import { DEFAULT_OPENING_HOURS } from "../../domain/review-rules.ts";
import { fieldName, hoursFromLines, linesOf, time24 } from "./hours-form.ts";

describe("reading the page's opening hours into the editor", () => {
  it("reads 12-hour and 24-hour times", () => {
    expect(time24("11:00 AM")).toBe("11:00");
    expect(time24("9:30 pm")).toBe("21:30");
    expect(time24("12:00 AM")).toBe("00:00");
    expect(time24("12:15 PM")).toBe("12:15");
    expect(time24("21:00")).toBe("21:00");
    expect(time24("13:00 PM")).toBeNull();
    expect(time24("soon")).toBeNull();
  });

  it("reads the default lines, closed days and ranges past midnight", () => {
    const hours = hoursFromLines([
      ...DEFAULT_OPENING_HOURS,
      "Saturday: 12:00 PM - 2:00 AM",
      "Sunday: Closed",
    ]);
    expect(hours.weekly.monday).toEqual([{ opens: "11:00", closes: "21:00" }]);
    expect(hours.weekly.saturday).toEqual([{ opens: "12:00", closes: "02:00" }]);
    expect(hours.weekly.sunday).toEqual([]);
    expect(hours.closures).toEqual([]);
  });

  it("reads the lines the server writes from structured hours, two ranges a day", () => {
    expect(hoursFromLines(["Tuesday: 11:00-15:00, 18:00-22:00"]).weekly.tuesday).toEqual([
      { opens: "11:00", closes: "15:00" },
      { opens: "18:00", closes: "22:00" },
    ]);
  });

  it("leaves a day it cannot read closed rather than guessing", () => {
    expect(hoursFromLines(["Wednesday: by appointment", "Someday: 9-5"]).weekly.wednesday).toEqual([]);
  });
});

describe("the facts form", () => {
  it("takes one link a line", () => {
    expect(linesOf(" https://a.example \n\n https://b.example\n")).toEqual(["https://a.example", "https://b.example"]);
  });

  it("names a field the server refused in words", () => {
    expect(fieldName("hours.weekly.monday.1.opens")).toBe("Monday, opening time 2");
    expect(fieldName("hours.weekly.friday")).toBe("Friday");
    expect(fieldName("hours.closures.0.date")).toBe("Special closure 1");
    expect(fieldName("bookingLinks.2")).toBe("Booking links");
  });
});
