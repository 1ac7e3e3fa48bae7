// The queue (issue 21): open items grouped by what was reported, oldest first, filtered by
// kind and reason, a page at a time. A decision takes its item away, says so in a polite live
// region, and moves the focus to the next item's heading (or the queue's, when none is left).
import { useEffect, useRef } from "react";
import type { Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { ModerationApi } from "./moderation-api.ts";
import { QueueFilters } from "./QueueFilters.tsx";
import { QueueItemCard } from "./QueueItemCard.tsx";
import { groupItems, nextFocusAfter } from "./queue-view.ts";
import { useQueue } from "./use-queue.ts";
import { useStatus } from "../../client/use-status.ts";

export const EMPTY_QUEUE = "Nothing waiting. Reports and flagged reviews will appear here.";

export function QueueSection({ api, session }: { api: ModerationApi; session: Session }) {
  const queue = useQueue(api, session.token);
  const [status, setStatus] = useStatus();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const itemHeadings = useRef(new Map<number, HTMLElement>());
  // Where the focus goes once the list without the decided item is on screen.
  const pendingFocus = useRef<number | "queue" | null>(null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    (target === "queue" ? headingRef.current : itemHeadings.current.get(target))?.focus();
  }, [queue.items]);

  function decided(itemId: number, message: string) {
    pendingFocus.current = nextFocusAfter(queue.items, itemId) ?? "queue";
    queue.decided(itemId);
    setStatus({ text: message, tone: "success" });
  }

  const groups = groupItems(queue.items);
  const readFailed = queue.failure && failureText(queue.failure, "Could not load the queue.", SIGNED_OUT);

  return (
    <section className="mod-section" aria-labelledby="mod-queue-heading" id="queue">
      <h2 id="mod-queue-heading" ref={headingRef} tabIndex={-1}>
        Queue
      </h2>
      <p className="sp-note">
        Oldest first. Appeals of decisions you made go to another moderator, so they are not shown to you. Nor
        is anything you reported, appealed or decided before, or that is about your restaurant.
      </p>
      <QueueFilters filter={queue.filter} onApply={queue.applyFilter} />
      <p className="sp-status mod-live" role="status" aria-live="polite">
        {status?.text ?? ""}
      </p>
      {queue.phase === "loading" && <p role="status">Loading the queue…</p>}
      {queue.phase === "failed" && (
        <div className="mod-failed" role="alert">
          <p>{readFailed}</p>
          <button type="button" className="btn btn-primary" onClick={queue.retry}>
            Try again
          </button>
        </div>
      )}
      {queue.phase !== "loading" && queue.phase !== "failed" && groups.length === 0 && (
        <p className="empty-state">{EMPTY_QUEUE}</p>
      )}
      {queue.phase !== "loading" &&
        queue.phase !== "failed" &&
        groups.map((group) => (
          <section key={group.id} className="mod-group" aria-labelledby={`mod-group-${group.id}`}>
            <h3 id={`mod-group-${group.id}`}>
              {group.heading} <span className="mod-count">({group.items.length})</span>
            </h3>
            <ol className="mod-items">
              {group.items.map((item) => (
                <li key={item.id}>
                  <QueueItemCard
                    api={api}
                    session={session}
                    item={item}
                    headingRef={(element) => {
                      if (element) itemHeadings.current.set(item.id, element);
                      else itemHeadings.current.delete(item.id);
                    }}
                    onDecided={(message) => decided(item.id, message)}
                  />
                </li>
              ))}
            </ol>
          </section>
        ))}
      {queue.phase === "ready" && queue.failure && (
        <p className="ir-error" role="alert">
          {readFailed}
        </p>
      )}
      {queue.cursor && (queue.phase === "ready" || queue.phase === "more") && (
        <button
          type="button"
          className="btn btn-secondary mod-more"
          aria-disabled={queue.phase === "more" || undefined}
          onClick={() => void queue.loadMore()}
        >
          {queue.phase === "more" ? "Loading…" : "Load more"}
        </button>
      )}
    </section>
  );
}
