// Turns what a person typed into an FTS5 MATCH expression without ever letting their text
// be FTS syntax: every word becomes a double-quoted string (quotes doubled inside), so
// `NEAR(`, `*`, `"`, `OR`, `-` or column names typed by a user are only ever words.

/** More words than this add nothing to a dish search and cost a posting-list read each. */
export const MAX_SEARCH_TOKENS = 8;
export const MAX_TOKEN_LENGTH = 40;

/**
 * Words as the unicode61 tokenizer sees them: runs of letters, digits and combining marks
 * (so Arabic, Hebrew, accented and CJK text stay whole); everything else, emoji included,
 * separates words.
 */
export function searchTokens(text: string): string[] {
  return text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => token.length > 0)
    .slice(0, MAX_SEARCH_TOKENS)
    .map((token) => [...token].slice(0, MAX_TOKEN_LENGTH).join(""));
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// Close to unicode61's folding with remove_diacritics 2 (case and accents), for telling
// whether two names share a word. Folding less than FTS does could only make a filter wider,
// never drop a row: the filters are checked exactly against ids afterwards.
const folded = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * What to look for in a column that holds only names from `names` (area and region names in
 * `place`, tag names in `tags`) to find the rows holding `name`: its longest word that no
 * other name has, else the whole name as a phrase. Both find the same rows, but a phrase
 * checks the positions of each of its words, and a common one ("and" in "Elephant and
 * Castle") has a posting list as long as the catalogue: at scale 100 that filter cost
 * 6 ms, "elephant" alone 0.6 ms, and bm25 then scans it again.
 */
export function filterWords(name: string, names: readonly string[]): string {
  const words = searchTokens(name);
  if (words.length < 2) return name;
  const mine = folded(words.join(" "));
  const elsewhere = new Set(
    names.flatMap((other) => {
      const otherWords = searchTokens(other).map(folded);
      return otherWords.join(" ") === mine ? [] : otherWords;
    }),
  );
  const own = words.filter((word) => !elsewhere.has(folded(word)));
  return own.sort((a, b) => b.length - a.length)[0] ?? name;
}

export interface MatchParts {
  keyword: string;
  /** Look for the keyword's words in this column only (a constant of ours, never user text). */
  keywordColumn?: string;
  /** The last word as a whole word too, not as a prefix: "pho" then finds "Pho Bo", not "Phoenix". */
  wholeWords?: boolean;
  /** Restrict to rows whose `place` column has this name as a phrase. */
  place?: string;
  /** Restrict to rows whose `tags` column has this name as a phrase. */
  tag?: string;
}

/**
 * `"tok1" "tok2"*` (all words required, the last one as a prefix), ANDed with column-filtered phrases for
 * place and tag. Null when the keyword has no word in it: there is nothing to search for.
 */
export function buildMatch({ keyword, keywordColumn, wholeWords, place, tag }: MatchParts): string | null {
  const tokens = searchTokens(keyword);
  if (tokens.length === 0) return null;
  // Only the last word is a prefix (it may still be being typed). A prefix of a common
  // word means merging that word's whole doclist: "house"* "1234"* took 167 ms over 400k
  // dishes, "house" "1234"* 5 ms, since an exact word can be skipped through.
  const last = tokens.length - 1;
  const words = tokens
    .map((token, i) => (i === last && !wholeWords ? `${quoted(token)}*` : quoted(token)))
    .join(" ");
  const parts = [keywordColumn ? `${keywordColumn} : (${words})` : words];
  for (const [column, value] of [
    ["place", place],
    ["tags", tag],
  ] as const) {
    if (value === undefined) continue;
    const words = searchTokens(value);
    // A name with no words (only symbols) cannot match a tokenized column.
    if (words.length === 0) return null;
    parts.push(`${column} : ${quoted(words.join(" "))}`);
  }
  // Explicit AND: FTS5 has no implicit AND after a parenthesised column filter.
  return parts.join(" AND ");
}

/**
 * Whether `name` holds every word typed, the last as a prefix, folded as FTS folds them: the
 * same test as a MATCH on a name column, for the few short lists searched in memory (tag and
 * area names, for suggestions).
 */
export function namesMatch(name: string, keyword: string): boolean {
  const typed = searchTokens(keyword).map(folded);
  if (typed.length === 0) return false;
  const words = searchTokens(name).map(folded);
  const last = typed.length - 1;
  return typed.every((word, i) => words.some((w) => (i === last ? w.startsWith(word) : w === word)));
}
