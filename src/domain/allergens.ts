// The UK's 14 allergens (Food Information Regulations 2014, Annex II of EU 1169/2011): what an
// owner declares per dish (issue 22, docs/owners.md). Ids are stored, so this list changes only
// by adding; each label is what a person reads. Stored as a bit mask (bit = position here) so a
// "free from" filter is one integer test per row, never a JSON scan.
export const ALLERGENS = [
  { id: "celery", label: "Celery" },
  { id: "gluten", label: "Cereals containing gluten" },
  { id: "crustaceans", label: "Crustaceans" },
  { id: "eggs", label: "Eggs" },
  { id: "fish", label: "Fish" },
  { id: "lupin", label: "Lupin" },
  { id: "milk", label: "Milk" },
  { id: "molluscs", label: "Molluscs" },
  { id: "mustard", label: "Mustard" },
  { id: "tree-nuts", label: "Tree nuts" },
  { id: "peanuts", label: "Peanuts" },
  { id: "sesame", label: "Sesame" },
  { id: "soya", label: "Soya" },
  { id: "sulphites", label: "Sulphur dioxide and sulphites" },
] as const;

export type AllergenId = (typeof ALLERGENS)[number]["id"];

export const ALLERGEN_IDS = ALLERGENS.map((a) => a.id) as [AllergenId, ...AllergenId[]];

/** Shown beside every allergen panel, whatever it says. */
export const ALLERGEN_NOTICE = "Always tell staff about allergies before ordering.";
/** Shown where the owner has not filled the panel: never a guess. */
export const ALLERGENS_NOT_PROVIDED = "Allergen information has not been provided";

export function allergenLabel(id: AllergenId): string {
  return ALLERGENS.find((a) => a.id === id)!.label;
}

export function allergenBit(id: AllergenId): number {
  return 1 << ALLERGEN_IDS.indexOf(id);
}

/** The mask of a list of ids (duplicates count once). */
export function allergenMask(ids: readonly AllergenId[]): number {
  return ids.reduce((mask, id) => mask | allergenBit(id), 0);
}

/** The ids of a mask, in the list's order. */
export function allergensOfMask(mask: number): AllergenId[] {
  return ALLERGEN_IDS.filter((_, i) => (mask & (1 << i)) !== 0);
}
