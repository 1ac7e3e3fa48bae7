// How a reply shows whom it answers (issue 24: "Replies do not double the @mention"). The
// reply names the person it answers as a link before its text; people often type the same
// @name themselves, which then showed twice. A leading @name that matches the mention is
// dropped from the shown text (the stored text is left as written).

/** Characters a username may hold (src/domain/account-rules.ts: letters, digits, . - _). */
const USERNAME_CHARACTER = /[\p{L}\p{N}._-]/u;

/** The reply's text without a leading "@name" (any case) when it names `mentioned`. */
export function textAfterMention(content: string, mentioned: string | null): string {
  if (!mentioned) return content;
  const leading = content.match(/^\s*/)![0].length;
  const tag = `@${mentioned}`;
  if (content.slice(leading, leading + tag.length).toLowerCase() !== tag.toLowerCase()) return content;
  const next = content.charAt(leading + tag.length);
  // "@ann" must not swallow the start of "@anna".
  if (next && USERNAME_CHARACTER.test(next)) return content;
  const rest = content.slice(leading + tag.length).replace(/^[\s,:;–—-]+/u, "");
  // A reply that is only the @name keeps it, so it never shows as empty.
  return rest === "" ? content : rest;
}
