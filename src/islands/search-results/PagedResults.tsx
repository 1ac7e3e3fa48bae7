// Top dishes or top restaurants of a search, with "Show more" (issue 30). A press appends the
// next page: the button stays focusable and says it is busy (aria-disabled, a second press is
// ignored), then the focus moves to the first new card's link and a polite live region says
// how many were added. The page URL keeps how many pages are shown (dishPages,
// restaurantPages), replaced rather than pushed, so reload and Back show as many again. A
// failure says so beside the button, which tries again; with nothing more, no button.
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  matchCountLabel,
  moreShownMessage,
  SEARCH_PAGE_MESSAGES,
  SEARCH_PAGE_SIZE,
  type MatchCount,
} from "../../domain/search-pages.ts";
import { withShownPages, type PagedKind } from "./search-results-data.ts";

const NOUN = { dish: "dishes", restaurant: "restaurants" } as const;

interface Props<T extends { id: number }> {
  kind: PagedKind;
  items: T[];
  nextCursor: string | null;
  matches: MatchCount;
  /** The next page after `cursor`. */
  loadMore: (cursor: string) => Promise<{ items: T[]; nextCursor: string | null }>;
  renderCard: (item: T, index: number) => ReactNode;
}

type Status = "idle" | "loading" | "failed";

export function PagedResults<T extends { id: number }>({
  kind,
  items: firstItems,
  nextCursor: firstCursor,
  matches,
  loadMore,
  renderCard,
}: Props<T>) {
  const [items, setItems] = useState(firstItems);
  const [cursor, setCursor] = useState(firstCursor);
  const [status, setStatus] = useState<Status>("idle");
  const [announcement, setAnnouncement] = useState("");
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (focusFrom === null) return;
    grid.current?.children[focusFrom]?.querySelector<HTMLElement>("a[href]")?.focus();
    setFocusFrom(null);
  }, [focusFrom]);

  const showMore = async () => {
    if (busy.current || cursor === null) return;
    busy.current = true;
    setStatus("loading");
    try {
      const page = await loadMore(cursor);
      const known = new Set(items.map((item) => item.id));
      // After a write between pages an item may come round again: show it once.
      const added = page.items.filter((item) => !known.has(item.id));
      const shown = items.length + added.length;
      setItems([...items, ...added]);
      setCursor(page.nextCursor);
      setStatus("idle");
      setAnnouncement(moreShownMessage(kind, added.length, shown, matches));
      if (added.length > 0) setFocusFrom(items.length);
      const pages = Math.ceil(shown / SEARCH_PAGE_SIZE);
      window.history.replaceState(
        window.history.state,
        "",
        withShownPages(window.location.href, kind, pages),
      );
    } catch {
      setStatus("failed");
    } finally {
      busy.current = false;
    }
  };

  const noun = NOUN[kind];
  return (
    <>
      <div className="card-grid card-grid--5" ref={grid}>
        {items.map((item, index) => renderCard(item, index))}
      </div>
      <div className="show-more">
        <p className="show-more-count">
          Showing {items.length} of{" "}
          {matchCountLabel(kind, { ...matches, count: Math.max(matches.count, items.length) })}
        </p>
        {cursor !== null && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={status === "loading" ? "true" : undefined}
            onClick={() => void showMore()}
          >
            {status === "loading" ? `Loading more ${noun}…` : `Show more ${noun}`}
          </button>
        )}
        {status === "failed" && (
          <p className="show-more-error error-state" role="alert">
            {SEARCH_PAGE_MESSAGES.moreFailed(kind)}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    </>
  );
}
