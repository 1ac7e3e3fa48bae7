import { describe, expect, it } from "vitest";
import { backspace, codeOf, emptyCodeBoxes, enterText, isCodeComplete, typeIntoBox } from "./code-boxes.ts";

describe("verification code boxes", () => {
  it("start as six empty boxes, not complete", () => {
    const boxes = emptyCodeBoxes();
    expect(boxes).toEqual(["", "", "", "", "", ""]);
    expect(isCodeComplete(boxes)).toBe(false);
  });

  it("upper-case a typed letter and move to the next box", () => {
    const change = typeIntoBox(emptyCodeBoxes(), 0, "a");
    expect(change.boxes[0]).toBe("A");
    expect(change.focus).toBe(1);
  });

  it("ignore characters that are not letters or digits", () => {
    const boxes = emptyCodeBoxes();
    for (const bad of [" ", "-", "é", "#", "!"]) {
      const change = typeIntoBox(boxes, 2, bad);
      expect(change.boxes).toEqual(boxes);
      expect(change.focus).toBe(2);
    }
  });

  it("let a typed character replace the one already in the box", () => {
    const filled = enterText(emptyCodeBoxes(), 0, "ABC").boxes;
    expect(typeIntoBox(filled, 1, "BX").boxes).toEqual(["A", "X", "C", "", "", ""]);
    expect(typeIntoBox(filled, 1, "XB").boxes).toEqual(["A", "X", "C", "", "", ""]);
  });

  it("fill every box from a pasted whole code, whichever box has the focus", () => {
    const change = enterText(emptyCodeBoxes(), 3, " ab-3 9zq ");
    expect(change.boxes).toEqual(["A", "B", "3", "9", "Z", "Q"]);
    expect(isCodeComplete(change.boxes)).toBe(true);
    expect(codeOf(change.boxes)).toBe("AB39ZQ");
    expect(change.focus).toBe(5);
  });

  it("fill from the focused box onward for a partial paste, and stop at the last box", () => {
    expect(enterText(emptyCodeBoxes(), 2, "xy").boxes).toEqual(["", "", "X", "Y", "", ""]);
    expect(enterText(emptyCodeBoxes(), 4, "xyz").boxes).toEqual(["", "", "", "", "X", "Y"]);
  });

  it("take only the first six characters of a longer paste", () => {
    expect(codeOf(enterText(emptyCodeBoxes(), 0, "abcdefgh").boxes)).toBe("ABCDEF");
  });

  it("clear a box when its input is emptied", () => {
    const filled = enterText(emptyCodeBoxes(), 0, "ABCDEF").boxes;
    const change = typeIntoBox(filled, 2, "");
    expect(change.boxes).toEqual(["A", "B", "", "D", "E", "F"]);
    expect(isCodeComplete(change.boxes)).toBe(false);
  });

  it("on Backspace clear a filled box and stay", () => {
    const filled = enterText(emptyCodeBoxes(), 0, "ABC").boxes;
    expect(backspace(filled, 2)).toEqual({ boxes: ["A", "B", "", "", "", ""], focus: 2 });
  });

  it("on Backspace in an empty box move back a box and clear it", () => {
    const filled = enterText(emptyCodeBoxes(), 0, "ABC").boxes;
    expect(backspace(filled, 3)).toEqual({ boxes: ["A", "B", "", "", "", ""], focus: 2 });
  });

  it("on Backspace in the empty first box stay put", () => {
    expect(backspace(emptyCodeBoxes(), 0)).toEqual({ boxes: emptyCodeBoxes(), focus: 0 });
  });
});
