// Finding one's restaurant by name and post code (issue 22): the catalogue search finds by
// name; the post code narrows its answer here, so "Dishoom" finds the one branch at "WC2H 9FB".

/** "wc2h 9fb" and "WC2H9FB" are the same post code. */
export function normalPostCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** The outward and inward codes of a post code ("WC2H", "9FB"); the inward code is always 3 long. */
function parts(postCode: string): [string, string] {
  const code = normalPostCode(postCode);
  return code.length >= 5 ? [code.slice(0, -3), code.slice(-3)] : [code, ""];
}

/**
 * Whether a restaurant's post code fits what was typed: a whole code with or without its space,
 * an outward code or the start of one ("E1", "WC2"), or an outward code and the start of the
 * inward one ("E1 6", which is not "E16 2AB").
 */
export function matchesPostCode(restaurantPostCode: string, typed: string): boolean {
  const words = typed.trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const [outward, inward] = parts(restaurantPostCode);
  if (words.length > 1) return outward === normalPostCode(words[0]!) && inward.startsWith(normalPostCode(words.slice(1).join("")));
  const wanted = normalPostCode(words[0]!);
  return wanted.length >= 5 ? outward + inward === wanted : outward.startsWith(wanted);
}
