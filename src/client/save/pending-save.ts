// A visitor's tap on Save (issue 32): the item is kept on the device while they log in, and
// the page they come back to saves it. Only one save waits at a time (the last tap), and an
// old one is dropped: a tap a day ago was not meant for a login today.
import type { KeyValueStore } from "../session.ts";

export const PENDING_SAVE_KEY = "pendingSave";
/** A pending save older than this is forgotten rather than performed. */
export const PENDING_SAVE_TTL_MS = 60 * 60 * 1000;

export type SaveKind = "restaurant" | "dish";

export interface SaveTarget {
  kind: SaveKind;
  id: number;
}

interface PendingSave extends SaveTarget {
  at: number;
}

/** `data-save-item="dish:12"` into its kind and id, or null when it is not one. */
export function parseSaveItem(value: string | null | undefined): SaveTarget | null {
  const match = /^(restaurant|dish):([1-9][0-9]{0,14})$/.exec(value ?? "");
  return match ? { kind: match[1] as SaveKind, id: Number(match[2]) } : null;
}

export function saveItemValue({ kind, id }: SaveTarget): string {
  return `${kind}:${id}`;
}

export function keepPendingSave(store: KeyValueStore, target: SaveTarget, now: number): void {
  const pending: PendingSave = { kind: target.kind, id: target.id, at: now };
  store.setItem(PENDING_SAVE_KEY, JSON.stringify(pending));
}

/** The waiting save, removed from the device; null when none or too old. */
export function takePendingSave(store: KeyValueStore, now: number): SaveTarget | null {
  const raw = store.getItem(PENDING_SAVE_KEY);
  if (raw === null) return null;
  store.removeItem(PENDING_SAVE_KEY);
  try {
    const value = JSON.parse(raw) as Partial<PendingSave>;
    const target = parseSaveItem(`${String(value.kind)}:${String(value.id)}`);
    if (!target || typeof value.at !== "number" || now - value.at > PENDING_SAVE_TTL_MS || value.at > now) return null;
    return target;
  } catch {
    return null;
  }
}

export function hasPendingSave(store: KeyValueStore): boolean {
  return store.getItem(PENDING_SAVE_KEY) !== null;
}

/** "Saved to Want to try" / "Saved to Want to try and Date night" / "Save". */
export function savedLabel(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `Saved to ${names[0]}`;
  return `Saved to ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
