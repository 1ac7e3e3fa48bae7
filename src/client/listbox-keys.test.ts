import { describe, expect, it } from "vitest";
import { moveActiveIndex } from "./listbox-keys.ts";

describe("listbox keyboard movement", () => {
  it("moves down and up with wrap-around", () => {
    expect(moveActiveIndex("ArrowDown", -1, 3)).toBe(0);
    expect(moveActiveIndex("ArrowDown", 2, 3)).toBe(0);
    expect(moveActiveIndex("ArrowUp", 0, 3)).toBe(2);
    expect(moveActiveIndex("ArrowUp", -1, 3)).toBe(2);
  });
  it("jumps to the ends", () => {
    expect(moveActiveIndex("Home", 2, 3)).toBe(0);
    expect(moveActiveIndex("End", 0, 3)).toBe(2);
  });
  it("ignores other keys and empty lists", () => {
    expect(moveActiveIndex("a", 0, 3)).toBeNull();
    expect(moveActiveIndex("ArrowDown", 0, 0)).toBeNull();
  });
});
