// Diets an owner may declare per dish (issue 22, docs/owners.md). Like allergens.ts: ids are
// stored as a bit mask (bit = position here), so a diet filter is one integer test per row.
export const DIETS = [
  { id: "vegan", label: "Vegan" },
  { id: "vegetarian", label: "Vegetarian" },
  { id: "pescatarian", label: "Pescatarian" },
  { id: "halal", label: "Halal" },
  { id: "gluten-free", label: "Gluten-free" },
] as const;

export type DietId = (typeof DIETS)[number]["id"];

export const DIET_IDS = DIETS.map((d) => d.id) as [DietId, ...DietId[]];

export function dietLabel(id: DietId): string {
  return DIETS.find((d) => d.id === id)!.label;
}

export function dietBit(id: DietId): number {
  return 1 << DIET_IDS.indexOf(id);
}

export function dietMask(ids: readonly DietId[]): number {
  return ids.reduce((mask, id) => mask | dietBit(id), 0);
}

export function dietsOfMask(mask: number): DietId[] {
  return DIET_IDS.filter((_, i) => (mask & (1 << i)) !== 0);
}
