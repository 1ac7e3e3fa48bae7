// Posting the review (spec points 4, 5, 8 and 9; issue 20): checks the draft, sends it with
// its photos under one idempotency key per distinct review, shows the upload's progress, the
// refusal's lines, or the offer to edit a review already written; a success resets the modal.
// A full write queue (503, issue 30) says so, keeps the draft, and tries once more after the
// server's Retry-After when that is short; otherwise it asks for the review to be sent again.
import { useRef, useState, type Dispatch, type RefObject } from "react";
import { BUSY_MESSAGES, MAX_AUTO_RETRY_SECONDS } from "../../domain/busy-retry.ts";
import { missingFields } from "../../domain/review-form.ts";
import type { Session } from "../../client/session.ts";
import { ITEM_REVIEWS_EVENT } from "../../client/review-messages.ts";
import type { ReviewConflict } from "./ExistingReviewEditor.tsx";
import type { PostedReview } from "./ModalParts.tsx";
import { postReview, type PostResult } from "./review-api.ts";
import type { ReviewPreset, ReviewState, reviewReducer } from "./review-state.ts";
import { buildReviewDraft, postedReviewHref, postFields, type PostFlow } from "./submission.ts";
import { photoProgress } from "./upload-progress.ts";

/** Same key for a retry of the same review, a new one when anything sent changes. */
function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return (fingerprint: string) => {
    if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: crypto.randomUUID() };
    return last.current.key;
  };
}

export function useReviewPost({
  state,
  session,
  preset,
  dispatch,
  heading,
  onPosted,
}: {
  state: ReviewState;
  session: Session | null;
  preset: ReviewPreset;
  dispatch: Dispatch<Parameters<typeof reviewReducer>[1]>;
  heading: RefObject<HTMLHeadingElement | null>;
  /** The review is on the server: the draft kept on this device goes. */
  onPosted: () => void;
}) {
  const [saving, setSaving] = useState<{ progress: number[] } | null>(null);
  const [alert, setAlert] = useState<string[] | null>(null);
  const [posted, setPosted] = useState<PostedReview | null>(null);
  const [conflict, setConflict] = useState<ReviewConflict | null>(null);
  // After a post is refused for missing fields, each missing field says so until it is filled.
  const [checked, setChecked] = useState(false);
  const missing = checked ? missingFields(state.restaurant) : {};
  const idempotencyKey = useIdempotencyKey();

  // While waiting to try again after a full queue, a second press sends nothing more.
  const retrying = useRef(false);

  /** Returns false when the review was not sent because fields are missing. */
  const post = async (flow: PostFlow): Promise<boolean> => {
    if (saving || retrying.current) return true;
    const result = buildReviewDraft(state, session !== null, flow);
    if (!result.ok) {
      setAlert(result.alert === null ? null : [result.alert]);
      setChecked(true);
      return false;
    }
    setAlert(null);
    const { draft } = result;
    const sizes = draft.uploads.map((upload) => upload.file.size);
    const key = idempotencyKey(
      JSON.stringify([postFields(draft, session!.userId), draft.uploads.map((u) => u.id)]),
    );
    const send = async (): Promise<PostResult> => {
      setSaving({ progress: sizes.map(() => 0) });
      const result = await postReview({
        token: session!.token,
        authId: session!.userId,
        draft,
        idempotencyKey: key,
        onProgress: (loaded, total) => setSaving({ progress: photoProgress(loaded, total, sizes) }),
      });
      setSaving(null);
      return result;
    };
    let outcome = await send();
    const wait = !outcome.ok && outcome.busy ? outcome.busy.seconds : null;
    if (wait !== null && wait <= MAX_AUTO_RETRY_SECONDS) {
      // Once, with the same key: if the first had landed after all, the server answers it again.
      retrying.current = true;
      setAlert([BUSY_MESSAGES.retrying(wait)]);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      retrying.current = false;
      setAlert(null);
      outcome = await send();
    }
    if (!outcome.ok && outcome.existing) {
      // Issue 20: already reviewed; offer to edit that review with what was just written.
      const { existing } = outcome;
      const written =
        existing.kind === "restaurant" ? draft : draft.dishReviews.find((d) => d.dishId === existing.itemId);
      setConflict({
        href: postedReviewHref(existing.postId),
        existing,
        message: outcome.lines[0] ?? "",
        content: written?.content ?? "",
        rating: written?.rating ?? 0,
        incentivised: draft.incentivised,
      });
      return true;
    }
    if (!outcome.ok) {
      setAlert(outcome.lines);
      return true;
    }
    const items = [{ kind: "restaurant" as const, id: draft.restaurantId }, ...draft.dishReviews.map((d) => ({ kind: "dish" as const, id: d.dishId }))];
    done({ message: outcome.message, href: postedReviewHref(outcome.postId), items, token: session!.token });
    return true;
  };

  // Spec point 4: a successful post (or edit) returns to step 0 and clears the data.
  const done = (review: PostedReview) => {
    for (const image of state.images) URL.revokeObjectURL(image.previewUrl);
    dispatch({ type: "reset", preset });
    onPosted();
    setChecked(false);
    setConflict(null);
    setPosted(review);
    window.dispatchEvent(new Event(ITEM_REVIEWS_EVENT)); // the page's reviews list shows it at once
    heading.current?.focus();
  };

  return { saving, alert, setAlert, missing, posted, setPosted, conflict, setConflict, post, done };
}
