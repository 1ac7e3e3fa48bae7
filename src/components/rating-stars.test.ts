import { describe, expect, it } from "vitest";
import { starsView } from "./rating-stars.ts";

describe("starsView", () => {
  it("fills the stars to the printed tenth and says the rating and count", () => {
    expect(starsView(4.23, 1234)).toEqual({
      rated: true,
      value: 4.23,
      spoken: "Rated 4.2 out of 5 from 1,234 reviews",
      fillClass: "stars stars--4 stars--x2",
    });
    expect(starsView(4.96).fillClass).toBe("stars stars--5 stars--x0");
    expect(starsView(4.96).spoken).toBe("Rated 5.0 out of 5");
  });

  it("rounds the fill the way the number is printed", () => {
    for (const rating of [0.05, 1.15, 2.25, 3.35, 4.35, 4.45, 4.95]) {
      const { value, fillClass } = starsView(rating);
      const [whole, tenths] = value.toFixed(1).split(".");
      expect(fillClass).toBe(`stars stars--${whole} stars--x${tenths}`);
    }
  });

  it("clamps to 0..5 and says one review in the singular", () => {
    expect(starsView(7, 1)).toMatchObject({
      value: 5,
      spoken: "Rated 5.0 out of 5 from 1 review",
      fillClass: "stars stars--5 stars--x0",
    });
    expect(starsView(-1, 3)).toMatchObject({ value: 0, fillClass: "stars stars--0 stars--x0" });
  });

  it("is unrated with no rating and no reviews", () => {
    expect(starsView(0, 0)).toMatchObject({ rated: false, spoken: "No ratings yet" });
    expect(starsView(0)).toMatchObject({ rated: false });
  });
});
