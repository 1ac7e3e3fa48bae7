// Settings (issue 32): whether the feed may show "X saved Y to Z" when the member saves to a
// public list. Reads its own state, so the screen's first read stays as it was.
import { useEffect, useId, useState } from "react";
import { failureText } from "../../client/failure-text.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { Session } from "../../client/session.ts";
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import { StatusLine, type Line } from "./StatusLine.tsx";

const FAILED = "Failed to save the setting. Please try again.";

export function ListActivitySection({ session }: { session: Session }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [line, setLine] = useState<Line>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    void outcomeOf(api.lists.settings.$get({}, callOptions({ token: session.token }))).then((outcome) => {
      if (outcome.kind === "ok") setOn(outcome.data.listActivityInFeed);
      else setLine({ text: failureText(outcome, "Could not load this setting.", SIGNED_OUT), error: true });
    });
  }, [session.token]);

  async function toggle(next: boolean) {
    if (busy) return;
    setBusy(true);
    setOn(next);
    const outcome = await outcomeOf(
      api.lists.settings.$put({ json: { listActivityInFeed: next } }, callOptions({ token: session.token })),
    );
    setBusy(false);
    if (outcome.kind !== "ok") {
      setOn(!next);
      setLine({ text: failureText(outcome, FAILED, SIGNED_OUT), error: true });
      return;
    }
    setLine({ text: outcome.message, error: false });
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Lists</h2>
      <label className="sp-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on ?? false}
          readOnly={on === null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => on !== null && void toggle(event.target.checked)}
        />
        Show when I save to a public list in my followers&apos; feeds
      </label>
      <p id={`${id}-hint`} className="sp-note">
        At most one entry a day for each list. Private and followers-only lists never show.
      </p>
      <StatusLine line={line} />
    </section>
  );
}
