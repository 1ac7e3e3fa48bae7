// Keyboard movement inside a listbox (WAI-ARIA APG): arrows move and wrap, Home/End jump.
// Returns the new active index, or null when the key is not a movement key.
export function moveActiveIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
