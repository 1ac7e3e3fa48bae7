import { describe, expect, it } from "vitest";
import {
  PENDING_SAVE_TTL_MS,
  hasPendingSave,
  keepPendingSave,
  parseSaveItem,
  savedLabel,
  takePendingSave,
} from "./pending-save.ts";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("pending save", () => {
  it("reads only a kind and a positive id", () => {
    expect(parseSaveItem("dish:12")).toEqual({ kind: "dish", id: 12 });
    expect(parseSaveItem("restaurant:3")).toEqual({ kind: "restaurant", id: 3 });
    for (const bad of ["dish:0", "post:1", "dish:-1", "dish:1x", "", null, undefined]) expect(parseSaveItem(bad)).toBeNull();
  });

  it("is performed once, after login", () => {
    const store = memoryStore();
    keepPendingSave(store, { kind: "dish", id: 7 }, 1000);
    expect(hasPendingSave(store)).toBe(true);
    expect(takePendingSave(store, 2000)).toEqual({ kind: "dish", id: 7 });
    expect(takePendingSave(store, 2000)).toBeNull();
    expect(hasPendingSave(store)).toBe(false);
  });

  it("forgets a save that waited too long or that was tampered with", () => {
    const store = memoryStore();
    keepPendingSave(store, { kind: "dish", id: 7 }, 0);
    expect(takePendingSave(store, PENDING_SAVE_TTL_MS + 1)).toBeNull();
    expect(hasPendingSave(store)).toBe(false);
    store.setItem("pendingSave", '{"kind":"post","id":1,"at":0}');
    expect(takePendingSave(store, 1)).toBeNull();
    store.setItem("pendingSave", "not json");
    expect(takePendingSave(store, 1)).toBeNull();
  });

  it("names the lists that hold the item", () => {
    expect(savedLabel([])).toBe("");
    expect(savedLabel(["Want to try"])).toBe("Saved to Want to try");
    expect(savedLabel(["Want to try", "Been", "Dates"])).toBe("Saved to Want to try, Been and Dates");
  });
});
