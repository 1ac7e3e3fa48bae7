// One "X saved Y to Z" entry of the feed (issue 32): who saved what to which public list, each a
// link (their profile, the item's page, the list's page), and how long ago. Its words are the
// API's line (savedToLine in src/domain/lists.ts); the names become the links.
import { relativeAge } from "../../domain/relative-age.ts";
import type { SavedToEntry as Entry } from "../../client/feed-activity.ts";
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import "./saved-to.css";

export function SavedToEntry({ entry, now }: { entry: Entry; now: number }) {
  const who = entry.person.name || entry.person.username;
  const age = relativeAge(entry.createdAt, now);
  return (
    <article className="sf-saved" aria-label={entry.line}>
      <a className="sf-saved__face" href={`/user/${entry.person.userId}`} tabIndex={-1} aria-hidden="true">
        <Avatar name={who} avatar={entry.person.avatar} size={32} />
      </a>
      <p className="sf-saved__line">
        <a href={`/user/${entry.person.userId}`}>{who}</a> saved{" "}
        <a href={`/${entry.kind}/${entry.itemId}`}>{entry.itemName}</a> to{" "}
        <a href={`/list/${entry.listId}`}>{entry.listName}</a>{" "}
        <time className="sf-saved__age" dateTime={entry.createdAt}>
          <span aria-hidden="true">· {age.short}</span>
          <span className="visually-hidden">{age.spoken}</span>
        </time>
      </p>
    </article>
  );
}
