// The Saved tab's places and dishes (issue 32): the member's lists, Want to try and Been first,
// each folded in a native <details> whose items load when it is opened, with the note the
// member wrote beside each and a link to the list's own page, where its owner sorts, shares,
// changes and deletes it and edits the notes. A form above them makes a new list.
import { useCallback, useEffect, useState } from "react";
import type { ListDetail, ListSummary } from "../../shared/schemas/lists.ts";
import { failureText } from "../../client/failure-text.ts";
import { ListForm } from "../../client/save/ListForm.tsx";
import { listsApi } from "../../client/save/lists-api.ts";
import "./saved-lists.css";

const VISIBILITY: Record<ListSummary["visibility"], string> = {
  public: "Public",
  followers: "Followers",
  private: "Private",
};
const FAILED = "Could not load your lists. Please try again.";
const SIGNED_OUT = "Log in again to see your lists.";

function ListItems({ token, listId }: { token: string; listId: number }) {
  const [detail, setDetail] = useState<ListDetail | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    void listsApi.detail(token, listId).then((outcome) => {
      if (outcome.kind === "ok") setDetail(outcome.data);
      else setError(failureText(outcome, FAILED, SIGNED_OUT));
    });
  }, [token, listId]);
  if (error)
    return (
      <p className="ir-error" role="alert">
        {error}
      </p>
    );
  if (!detail) return <p role="status">Loading…</p>;
  const page = (
    <p className="saved-list-page">
      <a href={`/list/${listId}`}>
        Open the list&apos;s page<span className="visually-hidden">{`: ${detail.name}`}</span>
      </a>{" "}
      to sort, share or change it
    </p>
  );
  if (detail.items.length === 0)
    return (
      <>
        <p>Nothing saved here yet.</p>
        {page}
      </>
    );
  return (
    <>
      {page}
      <ul className="saved-list-items">
        {detail.items.map((item) => (
          <li key={`${item.kind}:${item.savedId}`}>
            {item.status === "removed" ? (
              <span>{item.statusNote}</span>
            ) : (
              <a href={`/${item.kind}/${item.id}`}>{item.name}</a>
            )}
            {item.kind === "dish" && item.restaurantName && (
              <span className="saved-list-meta">{` at ${item.restaurantName}`}</span>
            )}
            {item.note && <p className="saved-list-note">{item.note}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

function SavedList({ token, list }: { token: string; list: ListSummary }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="saved-list" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>
        <span className="saved-list-name">{list.name}</span>{" "}
        <span className="saved-list-meta">
          {`${list.itemCount} ${list.itemCount === 1 ? "item" : "items"} · ${VISIBILITY[list.visibility]}`}
        </span>
      </summary>
      {opened && <ListItems token={token} listId={list.id} />}
    </details>
  );
}

function NewList({ token, onMade }: { token: string; onMade: () => void }) {
  const [made, setMade] = useState<{ id: number; name: string } | null>(null);
  return (
    <details className="saved-list saved-list--new">
      <summary>Make a new list</summary>
      <ListForm
        initial={{ name: "", description: "", visibility: "private" }}
        submitLabel="Create list"
        onSubmit={async (fields) => {
          const outcome = await listsApi.make(token, fields);
          if (outcome.kind === "ok") {
            setMade({ id: outcome.data.id, name: outcome.data.name });
            onMade();
          }
          return outcome;
        }}
      />
      {made && (
        <p className="saved-list-page">
          <a href={`/list/${made.id}`}>{`Open ${made.name}`}</a>
        </p>
      )}
    </details>
  );
}

export function SavedLists({ token }: { token: string }) {
  const [lists, setLists] = useState<ListSummary[] | null>(null);
  const [error, setError] = useState("");
  const load = useCallback(() => {
    void listsApi.mine(token).then((outcome) => {
      if (outcome.kind === "ok") setLists(outcome.data.lists);
      else setError(failureText(outcome, FAILED, SIGNED_OUT));
    });
  }, [token]);
  useEffect(load, [load]);
  return (
    <section className="saved-lists" aria-labelledby="saved-lists-title">
      <h3 id="saved-lists-title">Places and dishes</h3>
      <NewList token={token} onMade={load} />
      {error && (
        <p className="ir-error" role="alert">
          {error}
        </p>
      )}
      {!lists && !error && <p role="status">Loading your lists…</p>}
      {lists?.map((list) => (
        <SavedList key={list.id} token={token} list={list} />
      ))}
      <h3>Posts</h3>
    </section>
  );
}
