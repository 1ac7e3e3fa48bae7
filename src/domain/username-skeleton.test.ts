import { describe, expect, it } from "vitest";
import { usernameSkeleton } from "./username-skeleton.ts";

describe("usernameSkeleton", () => {
  it.each([
    ["alice", "AL1CE"],
    ["modern", "rnodern"],
    ["wendy", "vvendy"],
    ["dave", "clave"],
    ["bob0", "BOBO"],
    ["Ada_Lovelace", "ada_lovelace"],
  ])("%s and %s look alike", (a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it.each([
    ["alice", "alicia"],
    ["ada.l", "ada_l"],
    ["sam", "sarn_"],
  ])("%s and %s do not", (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });
});
