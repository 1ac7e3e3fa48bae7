// People to follow, after each batch of the feed (issue 12): people followed by people you
// follow, then active reviewers (GET /people/suggestions), each with Follow.
import { useId, useState } from "react";
import type { Session } from "../../client/session.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { failureText } from "../../client/failure-text.ts";
import type { FeedApi, Suggestion } from "../../client/feed-api.ts";
import { FEED_MESSAGES } from "../../client/feed-messages.ts";

function reasonText(person: Suggestion): string {
  if (person.reason === "followed-by-people-you-follow") {
    return person.mutualCount === 1 ? "Followed by 1 person you follow" : `Followed by ${person.mutualCount} people you follow`;
  }
  return "Active reviewer";
}

function Person({ person, session, api }: { person: Suggestion; session: Session; api: FeedApi }) {
  const [state, setState] = useState<"none" | "following" | "requested">("none");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function follow() {
    if (busy || state !== "none") return;
    setBusy(true);
    setError(null);
    const outcome = await api.follow(session.token, session.userId, person.userId);
    setBusy(false);
    if (outcome.kind !== "ok") return setError(failureText(outcome, FEED_MESSAGES.followFailed, FEED_MESSAGES.loginToAct));
    setState(outcome.data.isFollowing ? "following" : outcome.data.followRequested ? "requested" : "none");
  }

  return (
    <li className="sf-person">
      <Avatar name={person.username} avatar={person.avatar} size={48} />
      <a href={`/user/${person.userId}`} className="sf-person__name">
        {person.name || person.username}
      </a>
      <span className="sf-person__meta">@{person.username}</span>
      <span className="sf-person__meta">{reasonText(person)}</span>
      <button
        type="button"
        className={state === "none" ? "btn btn-primary" : "btn btn-secondary"}
        aria-disabled={busy || state !== "none" || undefined}
        onClick={() => void follow()}
      >
        {state === "following" ? "Following" : state === "requested" ? "Requested" : "Follow"}
        <span className="visually-hidden"> {person.username}</span>
      </button>
      {error && (
        <p className="ir-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function SuggestedFriends({ people, session, api }: { people: Suggestion[]; session: Session; api: FeedApi }) {
  const headingId = useId();
  if (people.length === 0) return null;
  return (
    <section className="sf-suggestions" aria-labelledby={headingId}>
      <h2 id={headingId}>Suggested Friends</h2>
      <ul>
        {people.map((person) => (
          <Person key={person.userId} person={person} session={session} api={api} />
        ))}
      </ul>
    </section>
  );
}
