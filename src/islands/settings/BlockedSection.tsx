// Settings: the blocked accounts, each with Unblock (issue 12).
import { useEffect, useId, useRef, useState } from "react";
import type { Person } from "../../shared/schemas/social-profiles.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { failureText } from "../../client/failure-text.ts";
import type { Session } from "../../client/session.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import type { SettingsApi } from "./settings-api.ts";
import { StatusLine, type Line } from "./StatusLine.tsx";

type BlockedPerson = Person & { blockedAt: string };

/**
 * Blocked accounts: their profiles answer 404, so this is the one place to unblock them. No
 * confirm step (unblocking hides nothing and can be undone from their profile): the row
 * leaves, the status line says so, and the focus moves to the next row's button (or the
 * previous one, or the heading when none is left) instead of falling to the page.
 */
export function BlockedSection({ api, session }: { api: SettingsApi; session: Session }) {
  const [people, setPeople] = useState<BlockedPerson[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [line, setLine] = useState<Line>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<number | "heading" | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  async function load(after: string | null) {
    setState("loading");
    const outcome = await api.blocked(session.token, after);
    if (outcome.kind !== "ok") {
      setState("failed");
      setLine({
        text: failureText(outcome, "Failed to fetch your blocked accounts. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    setPeople((before) => (after ? [...before, ...outcome.data.blocked] : outcome.data.blocked));
    setCursor(outcome.data.nextCursor);
    setState("ready");
    setLine(null);
  }

  useEffect(() => {
    void load(null);
    // Read once; an unblock here updates the list without reading it again.
  }, [api]);

  useEffect(() => {
    if (focusAfter === null) return;
    (focusAfter === "heading" ? headingRef.current : buttons.current.get(focusAfter))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  async function unblock(person: BlockedPerson) {
    if (busyId !== null) return;
    setBusyId(person.userId);
    const outcome = await api.unblock(session.token, person.userId);
    setBusyId(null);
    // 404: the account was deleted meanwhile, and its block with it.
    const gone = outcome.kind === "failed" && outcome.status === 404;
    if (outcome.kind !== "ok" && !gone) {
      setLine({
        text: failureText(outcome, "Failed to unblock. Please try again.", SIGNED_OUT),
        error: true,
      });
      return;
    }
    const index = people.findIndex((p) => p.userId === person.userId);
    const rest = people.filter((p) => p.userId !== person.userId);
    setPeople(rest);
    setFocusAfter((rest[index] ?? rest[index - 1])?.userId ?? "heading");
    setLine({
      text: gone
        ? `@${person.username}'s account no longer exists.`
        : `Unblocked @${person.username}. You can see each other's posts and profiles again.`,
      error: false,
    });
  }

  return (
    <section className="sp-panel-box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
        Blocked accounts
      </h2>
      <p className="sp-note">
        You and the people you block don't see each other's posts, comments or profiles. Unblocking doesn't
        bring back follows the block removed.
      </p>
      {state === "ready" && people.length === 0 && <p>You have not blocked anyone.</p>}
      {people.length > 0 && (
        <ul className="sp-list" aria-labelledby={`${id}-h`}>
          {people.map((person) => (
            <li key={person.userId} className="sp-row">
              <Avatar name={person.name || person.username} avatar={person.avatar} />
              <p className="sp-row__text">
                <strong>{person.name || person.username}</strong>{" "}
                <span className="sp-person__username">@{person.username}</span>
              </p>
              <button
                ref={(element) => {
                  if (element) buttons.current.set(person.userId, element);
                  else buttons.current.delete(person.userId);
                }}
                type="button"
                className="btn btn-secondary"
                aria-disabled={busyId === person.userId || undefined}
                onClick={() => void unblock(person)}
              >
                Unblock<span className="visually-hidden"> @{person.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {state === "loading" && <p role="status">Loading blocked accounts…</p>}
      {state === "failed" && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(cursor)}>
          Try again
        </button>
      )}
      {state === "ready" && cursor && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(cursor)}>
          Show more blocked accounts
        </button>
      )}
      <StatusLine line={line} />
    </section>
  );
}
