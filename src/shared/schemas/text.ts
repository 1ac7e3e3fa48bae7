// Text a person types, checked for characters nobody types on purpose (issue 14). Unicode's
// control (Cc) and format (Cf) categories hold NUL, escape sequences, zero-width spaces and
// joiners, the byte-order mark and the bidi overrides that make "moc.live" read as "evil.com"
// (U+202E). They render as nothing or reorder what follows, so a name or address carrying one
// is not what staff or other users see. We refuse them rather than strip them: a silent change
// could turn one value into another (an e-mail with a zero-width space would become a real
// address the person did not type).
import * as z from "./zod.ts";

/**
 * Control, format, lone surrogate (half of a broken pair, never valid text) and the Unicode
 * line and paragraph separators, which break lines like "\n" where a single line is expected.
 */
const UNSAFE_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * Emoji are built with two Cf characters: the zero-width joiner between pictographs (👩‍🍳)
 * and tag characters after a black flag (the flags of England, Scotland and Wales). Where
 * emoji are welcome, those sequences are allowed and every other use is still refused.
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

export interface SafeTextOptions {
  /** Allow line feed, carriage return and tab (a comment or a review body). Default false. */
  multiline?: boolean;
  /** Allow emoji joiner and flag-tag sequences (free text). Default false. */
  emoji?: boolean;
}

/** True when the value holds a character a person cannot see or did not mean to type. */
export function hasUnsafeCharacters(value: string, options: SafeTextOptions = {}): boolean {
  let checked = value;
  if (options.emoji) checked = checked.replace(EMOJI_FLAG_TAGS, "🏴").replace(EMOJI_JOINER, "");
  // Multi-line text lets through only the three whitespace controls; \p{Cc} holds them too.
  if (options.multiline) checked = checked.replace(/[\r\n\t]/g, " ");
  return UNSAFE_SINGLE_LINE.test(checked);
}

/** "Name must not contain control or invisible characters." */
export function unsafeTextMessage(fieldLabel: string): string {
  return `${fieldLabel} must not contain control or invisible characters.`;
}

/**
 * A string that refuses control and format characters, naming the field in the message.
 * The check runs on the value as sent, before any trim: String.prototype.trim removes
 * U+FEFF and other invisible spaces at the ends, which would hide the attempt.
 * `trim` (default true) then trims free text; pass false where spaces are meaningful.
 * Chain .min(), .max(), .regex() as on any zod string.
 */
export function safeText(
  fieldLabel: string,
  options: SafeTextOptions & { trim?: boolean; typeMessage?: string } = {},
) {
  const base = z
    .string({ error: options.typeMessage ?? `${fieldLabel} must be text.` })
    .refine((value) => !hasUnsafeCharacters(value, options), unsafeTextMessage(fieldLabel));
  return options.trim === false ? base : base.trim();
}
