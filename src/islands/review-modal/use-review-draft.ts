// Keeps the modal's unsent review on this device as it changes (review-draft.ts), and starts
// the modal from it when there is one. Writes wait for a pause in typing; leaving the page
// writes at once.
import { useEffect, useRef } from "react";
import { browserStore, type Session } from "../../client/session.ts";
import { clearDraft, photoFile, readDraft, writeDraft, type RestoredDraft } from "./review-draft.ts";
import { initialReviewState, type ReviewImage, type ReviewPreset, type ReviewState } from "./review-state.ts";

const SAVE_DELAY_MS = 400;

function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => resolve("");
    reader.readAsDataURL(file);
  });
}

/** The state a modal opens with: this person's draft when there is one, else the preset. */
export function openingState(
  session: Session | null,
  preset: ReviewPreset,
): { state: ReviewState; restored: RestoredDraft | null } {
  const store = browserStore();
  const restored =
    session && store
      ? readDraft(store, session.userId, (photo): ReviewImage => {
          const file = photoFile(photo);
          return { id: photo.id, name: photo.name, file, previewUrl: URL.createObjectURL(file) };
        })
      : null;
  return { state: restored?.state ?? initialReviewState(preset), restored };
}

export function useReviewDraft(session: Session | null, state: ReviewState) {
  // Each photo's data URL, read once; the photos of a restored draft start with theirs.
  const photoData = useRef(new Map<string, string>());
  const latest = useRef(state);
  latest.current = state;
  const cleared = useRef(false);

  useEffect(() => {
    const store = browserStore();
    if (!session || !store) return;
    cleared.current = false;
    let live = true;
    const timer = setTimeout(async () => {
      for (const image of state.images) {
        if (!photoData.current.has(image.id)) photoData.current.set(image.id, await dataUrlOf(image.file));
      }
      if (live) writeDraft(store, session.userId, state, photoData.current, Date.now());
    }, SAVE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [session, state]);

  useEffect(() => {
    const store = browserStore();
    if (!session || !store) return;
    const flush = () => {
      if (!cleared.current) writeDraft(store, session.userId, latest.current, photoData.current, Date.now());
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [session]);

  /** Posted or discarded: nothing is kept, and no pending write brings it back. */
  const clear = () => {
    const store = browserStore();
    cleared.current = true;
    if (session && store) clearDraft(store, session.userId);
  };
  return { clear };
}
