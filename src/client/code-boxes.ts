// State of the six verification-code boxes (spec points 2, 4, 5): one character per box,
// letters and digits only, upper-cased; pasting a whole code fills every box; Backspace on
// an empty box moves back. Pure so it is tested without a DOM.
import { VERIFICATION_CODE_LENGTH } from "../domain/account-rules.ts";

export type CodeBoxes = readonly string[];

export interface CodeBoxChange {
  boxes: CodeBoxes;
  /** The box to focus next. */
  focus: number;
}

export function emptyCodeBoxes(length = VERIFICATION_CODE_LENGTH): CodeBoxes {
  return Array.from({ length }, () => "");
}

/** Letters and digits of `text`, upper-cased; everything else (spaces, dashes) dropped. */
export function codeCharacters(text: string): string[] {
  return [...text.toUpperCase()].filter((ch) => /^[A-Z0-9]$/.test(ch));
}

function clampIndex(boxes: CodeBoxes, index: number): number {
  return Math.min(Math.max(index, 0), boxes.length - 1);
}

/**
 * Text arrived in box `index`, typed or pasted. One character replaces the box and moves on;
 * several (a paste, or autofill of the one-time code) fill from `index` onward.
 */
export function enterText(boxes: CodeBoxes, index: number, text: string): CodeBoxChange {
  const at = clampIndex(boxes, index);
  const chars = codeCharacters(text);
  if (chars.length === 0) return { boxes, focus: at };
  // A paste of a whole code fills all boxes whichever box had the focus.
  const start = chars.length >= boxes.length ? 0 : at;
  const next = [...boxes];
  let position = start;
  for (const ch of chars) {
    if (position >= next.length) break;
    next[position] = ch;
    position += 1;
  }
  return { boxes: next, focus: clampIndex(next, position) };
}

/**
 * The new value of box `index` after an input event. When the box held a character and the
 * browser appended or prepended the typed one, the typed one wins (overtyping a box).
 */
export function typeIntoBox(boxes: CodeBoxes, index: number, value: string): CodeBoxChange {
  const at = clampIndex(boxes, index);
  const old = boxes[at] ?? "";
  const chars = codeCharacters(value);
  if (old !== "" && chars.length === 2 && chars.includes(old)) {
    const typed = chars[0] === old ? chars[1] : chars[0];
    return enterText(boxes, at, typed ?? "");
  }
  if (chars.length === 0 && value === "") {
    const next = [...boxes];
    next[at] = "";
    return { boxes: next, focus: at };
  }
  return enterText(boxes, at, value);
}

/** Backspace in box `index`: clears it, or when it is already empty clears and focuses the one before. */
export function backspace(boxes: CodeBoxes, index: number): CodeBoxChange {
  const at = clampIndex(boxes, index);
  const next = [...boxes];
  if (next[at] !== "") {
    next[at] = "";
    return { boxes: next, focus: at };
  }
  if (at === 0) return { boxes, focus: 0 };
  next[at - 1] = "";
  return { boxes: next, focus: at - 1 };
}

export function isCodeComplete(boxes: CodeBoxes): boolean {
  return boxes.every((box) => box.length === 1);
}

export function codeOf(boxes: CodeBoxes): string {
  return boxes.join("");
}
