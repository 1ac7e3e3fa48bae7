// Search suggestions (spec point 5): a case-insensitive substring match over tag names and
// popular dish names; tags come first, names already chosen are left out, no duplicates.
export interface Suggestion {
  kind: "tag" | "dish";
  label: string;
}

export const MAX_SUGGESTIONS = 8;

export function filterSuggestions(
  query: string,
  tagNames: readonly string[],
  dishNames: readonly string[],
  options: { exclude?: readonly string[]; limit?: number } = {},
): Suggestion[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const limit = options.limit ?? MAX_SUGGESTIONS;
  const seen = new Set((options.exclude ?? []).map((name) => name.toLowerCase()));
  const found: Suggestion[] = [];
  const collect = (kind: Suggestion["kind"], names: readonly string[]) => {
    for (const label of names) {
      if (found.length >= limit) return;
      const key = label.toLowerCase();
      if (seen.has(key) || !key.includes(needle)) continue;
      seen.add(key);
      found.push({ kind, label });
    }
  };
  collect("tag", tagNames);
  collect("dish", dishNames);
  return found;
}
