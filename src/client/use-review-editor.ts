// Editing one's own review, wherever it is edited (issue 20, issue 30): the form on an item
// page (src/islands/item-reviews) and the review modal's offer to edit instead of posting a
// second review (src/islands/review-modal). Both save the words and rating first, then the
// photos (review-photo-edit/); a refusal stays beside the form, which keeps everything typed
// and chosen. Each place keeps its own layout and says what it sends and what saved means.
import { useEffect, useState, type FormEvent } from "react";
import type { Photo } from "../shared/schemas/reviews.ts";
import {
  applyPhotoChanges,
  hasPhotoChanges,
  noPhotoChanges,
  photoLimitError,
  photosOfReview,
  type PhotoChanges,
} from "./review-photo-edit/review-photos-api.ts";

export interface ReviewDraft {
  /** 0..50 tenths; 0 is no rating. */
  rating: number;
  content: string;
  incentivised: boolean;
}

export type WordsSaved = { ok: true; message: string } | { ok: false; message: string };

export interface ReviewEditorSetup {
  /** The signed-in author's; null sends nothing. */
  token: string | null;
  postId: number;
  start: ReviewDraft;
  /** The review's photos as its card shows them; null: not known yet, read once `open`. */
  photos: Photo[] | null;
  /** Whether the form shows (the modal asks first); the photos are read only then. */
  open?: boolean;
  /**
   * Read the photos after any change, not only after a refusal: an item page's card shows
   * them once the form closes, while the modal leaves for the review's page.
   */
  photosShownAfterSave?: boolean;
  /** A rule of this kind of review, checked before anything is sent: its words, or null. */
  check?: (draft: ReviewDraft) => string | null;
  /** Sends the words and rating (POST /posts/update). */
  sendWords: (draft: ReviewDraft, token: string) => Promise<WordsSaved>;
  /** The words are saved; `photos` are the review's as read afterwards, when they were read. */
  onWordsSaved?: (draft: ReviewDraft, photos: Photo[] | null) => void;
  /** Words and photos both saved: `message` is what sendWords answered. */
  onSaved: (message: string) => void;
}

export function useReviewEditor(setup: ReviewEditorSetup) {
  const { token, postId, open = true } = setup;
  const [draft, setDraft] = useState<ReviewDraft>(setup.start);
  const [photos, setPhotos] = useState<Photo[] | null>(setup.photos);
  const [photoChanges, setPhotoChanges] = useState<PhotoChanges>(noPhotoChanges);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photosKnown = photos !== null;

  useEffect(() => {
    if (!open || photosKnown || token === null) return;
    let live = true;
    void photosOfReview(token, postId).then((read) => live && setPhotos(read ?? []));
    return () => void (live = false);
  }, [open, photosKnown, postId, token]);

  /** A changed field clears the refusal it answered. */
  function change<K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || token === null) return;
    const refusal = setup.check?.(draft) ?? photoLimitError(photos?.length ?? 0, photoChanges);
    if (refusal) return setError(refusal);
    setBusy(true);
    setError(null);
    const words = await setup.sendWords(draft, token);
    if (!words.ok) {
      setBusy(false);
      return setError(words.message);
    }
    const changed = hasPhotoChanges(photoChanges);
    const refused = changed ? await applyPhotoChanges(token, postId, photoChanges) : null;
    const readAgain = refused !== null || (changed && setup.photosShownAfterSave === true);
    const photosNow = readAgain ? await photosOfReview(token, postId) : null;
    if (photosNow) setPhotos(photosNow);
    setup.onWordsSaved?.(draft, photosNow);
    setBusy(false);
    if (refused) {
      // The words are saved; the form shows the photos as they are now, to try again.
      setPhotoChanges(noPhotoChanges());
      return setError(refused);
    }
    setup.onSaved(words.message);
  }

  return { draft, change, photos, photoChanges, setPhotoChanges, error, setError, busy, save };
}
