// The queue's state (issue 21): a filter, the items shown so far (oldest first), the cursor of
// the next page, and what the screen is doing. A decision takes its item out of the list here.
import { useCallback, useEffect, useState } from "react";
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import type { FailedRead } from "../../client/screen-parts.tsx";
import type { ModerationApi, QueueFilter } from "./moderation-api.ts";
import { appendPage } from "./queue-view.ts";

export type QueuePhase = "loading" | "ready" | "more" | "failed";

export function useQueue(api: ModerationApi, token: string) {
  const [filter, setFilter] = useState<QueueFilter>({});
  const [items, setItems] = useState<QueueItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [phase, setPhase] = useState<QueuePhase>("loading");
  const [failure, setFailure] = useState<FailedRead | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setPhase("loading");
    void api.queue(token, filter, null).then((outcome) => {
      if (!current) return;
      if (outcome.kind !== "ok") {
        setFailure(outcome);
        setPhase("failed");
        return;
      }
      setFailure(null);
      setItems(outcome.data.items);
      setCursor(outcome.data.nextCursor);
      setPhase("ready");
    });
    return () => {
      current = false;
    };
  }, [api, token, filter, attempt]);

  const loadMore = useCallback(async () => {
    if (!cursor || phase !== "ready") return;
    setPhase("more");
    const outcome = await api.queue(token, filter, cursor);
    if (outcome.kind !== "ok") {
      setFailure(outcome);
      setPhase("ready");
      return;
    }
    setFailure(null);
    setItems((shown) => appendPage(shown, outcome.data.items));
    setCursor(outcome.data.nextCursor);
    setPhase("ready");
  }, [api, token, filter, cursor, phase]);

  return {
    filter,
    /** A new filter reads the queue again from its oldest item. */
    applyFilter: (next: QueueFilter) => {
      setFilter(next);
      setAttempt((n) => n + 1);
    },
    items,
    cursor,
    phase,
    failure,
    retry: () => setAttempt((n) => n + 1),
    loadMore,
    decided: (itemId: number) => setItems((shown) => shown.filter((item) => item.id !== itemId)),
  };
}

export type QueueState = ReturnType<typeof useQueue>;
