// The reviews list's state (issue 11, "Reading reviews"): who reads it, the sort and rating
// band, the pages read so far, the item's live rating and any pause of new reviews, and what
// the author's edits and deletes change at once.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from "react";
import type { Review, ReviewPage, ReviewPause } from "../../shared/schemas/reviews.ts";
import type { RatingBandId } from "../../domain/rating-label.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { useFocusAfterRender } from "../../client/use-focus-after-render.ts";
import { useRecheckPreparing } from "./recheck-preparing.ts";
import { ITEM_REVIEWS_EVENT, ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
import type { ReviewActions } from "./ReviewCard.tsx";
import { islandPause } from "./review-pause.ts";
import { appendPage, reviewsQueryOf, withEdited, withoutReview, type ReviewSort } from "./review-list.ts";
import type { ItemKind, ItemSummary, ReviewsApi } from "./reviews-api.ts";

export type ListState =
  | { status: "loading" }
  | { status: "failed" }
  | {
      status: "ready";
      reviews: Review[];
      nextCursor: string | null;
      /** How many of the item's reviews in this band are by private accounts, not listed. */
      privateCount: number;
      pages: number;
      more: "idle" | "loading" | "failed";
    };

export function useReviewList({
  kind,
  itemId,
  api,
  now,
  heading,
  list,
  section,
}: {
  kind: ItemKind;
  itemId: number;
  api: ReviewsApi;
  now: () => number;
  heading: RefObject<HTMLHeadingElement | null>;
  list: RefObject<HTMLOListElement | null>;
  section: RefObject<HTMLElement | null>;
}) {
  const focusAfterRender = useFocusAfterRender();
  const session = useReaderSession();
  const token = session?.token ?? null;
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [band, setBand] = useState<RatingBandId>("all");
  const [state, setState] = useState<ListState>({ status: "loading" });
  const { summary, refreshSummary } = useItemSummary(api, kind, itemId);
  const [pause, setPause] = useState<ReviewPause | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const request = useRef(0);
  // Once this person changed a review, every later read skips the browser's cache (max-age
  // 30), so a sort or a new page never brings back what they just edited or deleted.
  const changedHere = useRef(false);

  const loadFirstPage = useCallback(
    async (fresh: boolean) => {
      const ticket = ++request.current;
      setState((current) => (fresh && current.status === "ready" ? current : { status: "loading" }));
      const outcome = await api.page(
        kind,
        itemId,
        reviewsQueryOf(sort, band, null),
        fresh || changedHere.current,
        token,
      );
      if (ticket !== request.current) return;
      if (outcome.kind !== "ok") {
        setState({ status: "failed" });
        return;
      }
      setPause(islandPause(outcome.data.reviewPause, now(), document, section.current));
      setState(readyState(outcome.data, outcome.data.reviews, 1));
    },
    [api, kind, itemId, sort, band, token, now],
  );

  useEffect(() => {
    void loadFirstPage(false);
  }, [loadFirstPage]);

  useEffect(() => {
    void refreshSummary(false);
  }, [refreshSummary]);

  useRecheckPreparing(state, loadFirstPage); // issue 23: photos still being prepared
  // A review posted from this page's modal shows here at once.
  useReviewPosted(
    useCallback(() => {
      changedHere.current = true;
      void loadFirstPage(true);
      void refreshSummary(true);
    }, [loadFirstPage, refreshSummary]),
  );

  async function loadMore() {
    if (state.status !== "ready" || !state.nextCursor || state.more === "loading") return;
    const shownBefore = state.reviews.length;
    const ticket = request.current;
    setState({ ...state, more: "loading" });
    const outcome = await api.page(
      kind,
      itemId,
      reviewsQueryOf(sort, band, state.nextCursor),
      changedHere.current,
      token,
    );
    if (ticket !== request.current) return;
    if (outcome.kind !== "ok") {
      setState((current) => (current.status === "ready" ? { ...current, more: "failed" } : current));
      return;
    }
    setState((current) =>
      current.status === "ready"
        ? readyState(outcome.data, appendPage(current.reviews, outcome.data), current.pages + 1)
        : current,
    );
    const added = outcome.data.reviews.length;
    setAnnouncement(`${added} more ${added === 1 ? "review" : "reviews"} loaded.`);
    // Load More leaves with the last page: the focus goes to the first review it added.
    if (!outcome.data.nextCursor) focusAfterRender(firstAddedReview(list, shownBefore, heading));
  }

  const actions = listActions({
    session,
    api,
    changedHere,
    setState,
    setAnnouncement,
    heading,
    refreshSummary,
  });

  return {
    sort,
    setSort,
    band,
    setBand,
    state,
    summary,
    pause,
    announcement,
    actions,
    loadFirstPage,
    loadMore,
  };
}

/** The list ready to show, after `pages` pages of which `page` is the last read. */
function readyState(page: ReviewPage, reviews: Review[], pages: number): ListState {
  return {
    status: "ready",
    reviews,
    nextCursor: page.nextCursor,
    privateCount: page.privateReviewCount,
    pages,
    more: "idle",
  };
}

/** The first review a page added (its focus target), or the heading when it has none. */
function firstAddedReview(
  list: RefObject<HTMLOListElement | null>,
  shownBefore: number,
  heading: RefObject<HTMLHeadingElement | null>,
): RefObject<HTMLElement | null> {
  return {
    get current() {
      return (
        list.current?.children[shownBefore]?.querySelector<HTMLElement>("[data-review-focus]") ??
        heading.current
      );
    },
  };
}

/** Calls `onPosted` when the review modal posts a review of this page's item. */
function useReviewPosted(onPosted: () => void) {
  useEffect(() => {
    window.addEventListener(ITEM_REVIEWS_EVENT, onPosted);
    return () => window.removeEventListener(ITEM_REVIEWS_EVENT, onPosted);
  }, [onPosted]);
}

/** Who reads the list: read at once, and again when another tab logs in or out. */
function useReaderSession(): Session | null {
  // Read at once, not after the first render: a signed-in reader's first page is asked with
  // their token (blocks), and reading it later would ask for that page twice.
  const [session, setSession] = useState<Session | null>(() => currentSession());
  useEffect(() => {
    setSession(currentSession());
    // Logging in or out in another tab changes what this list offers.
    const onStorage = () => setSession(currentSession());
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  return session;
}

/** The item's live rating and review count. */
function useItemSummary(api: ReviewsApi, kind: ItemKind, itemId: number) {
  const [summary, setSummary] = useState<ItemSummary | null>(null);
  const refreshSummary = useCallback(
    async (fresh: boolean) => {
      const outcome = await api.summary(kind, itemId, fresh);
      // A failed read leaves the page's own figures: they are at most a rebuild old.
      if (outcome.kind === "ok") setSummary(outcome.data);
    },
    [api, kind, itemId],
  );
  return { summary, refreshSummary };
}

/** What a review card's edit and delete change in the list, at once. */
function listActions(deps: {
  session: Session | null;
  api: ReviewsApi;
  changedHere: RefObject<boolean>;
  setState: Dispatch<SetStateAction<ListState>>;
  setAnnouncement: (text: string) => void;
  heading: RefObject<HTMLHeadingElement | null>;
  refreshSummary: (fresh: boolean) => Promise<void>;
}): ReviewActions {
  const { session, api, changedHere, setState, setAnnouncement, heading, refreshSummary } = deps;
  return {
    session,
    api,
    onEdited(id, change) {
      changedHere.current = true;
      setState((current) =>
        current.status === "ready"
          ? { ...current, reviews: withEdited(current.reviews, id, change) }
          : current,
      );
      setAnnouncement(ITEM_REVIEWS_MESSAGES.updated);
      void refreshSummary(true);
    },
    onDeleted(id) {
      changedHere.current = true;
      setState((current) =>
        current.status === "ready" ? { ...current, reviews: withoutReview(current.reviews, id) } : current,
      );
      setAnnouncement(ITEM_REVIEWS_MESSAGES.deleted);
      heading.current?.focus();
      void refreshSummary(true);
    },
  };
}
