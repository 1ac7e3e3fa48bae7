// The owner's settings on a list's own page (issue 32): rename, describe, who may see it, the
// unlisted link (copy it, or make a new one so the old stops working) and deleting the list,
// which asks first. Want to try and Been keep their names and cannot be deleted.
import { useEffect, useRef, useState } from "react";
import type { ListSummary } from "../../shared/schemas/lists.ts";
import { failureText } from "../../client/failure-text.ts";
import { ListForm } from "../../client/save/ListForm.tsx";
import { listsApi } from "../../client/save/lists-api.ts";
import { shareLink, shareStatusText } from "../../client/share-link.ts";

const FAILED = "Could not change the list. Please try again.";
const SIGNED_OUT = "Log in again to change your lists.";

/** The unlisted link: the list's page with its token, which reads it whatever its visibility. */
export function unlistedHref(origin: string, list: Pick<ListSummary, "id" | "linkToken">): string {
  return `${origin}/list/${list.id}?link=${encodeURIComponent(list.linkToken ?? "")}`;
}

function UnlistedLink({ token, list, origin, onChanged }: Props & { origin: string }) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  if (!list.linkToken) return null;
  const href = unlistedHref(origin, list);
  const renew = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await listsApi.update(token, list.id, { rotateLink: true });
    setBusy(false);
    setStatus(
      outcome.kind === "ok"
        ? "A new link is made. The old one no longer opens the list."
        : failureText(outcome, FAILED, SIGNED_OUT),
    );
    if (outcome.kind === "ok") onChanged();
  };
  return (
    <section className="lp-settings__part" aria-labelledby="lp-link-title">
      <h3 id="lp-link-title">Unlisted link</h3>
      <p className="list-form__hint" id="lp-link-hint">
        Anyone with this link can see the list, even when it is private, unless you have blocked them.
      </p>
      <input
        className="lp-link"
        readOnly
        value={href}
        aria-labelledby="lp-link-title"
        aria-describedby="lp-link-hint"
      />
      <div className="lp-settings__buttons">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={async () =>
            setStatus(
              shareStatusText(
                await shareLink({ clipboard: navigator.clipboard }, { title: list.name, url: href }),
              ),
            )
          }
        >
          Copy link
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={renew}
          aria-disabled={busy ? "true" : undefined}
        >
          Make a new link
        </button>
      </div>
      <p className="list-form__status" role="status">
        {status}
      </p>
    </section>
  );
}

function DeleteList({ token, list }: Pick<Props, "token" | "list">) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The safe choice takes the focus, so a second Enter after "Delete list…" never deletes.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await listsApi.delete(token, list.id);
    setBusy(false);
    if (outcome.kind === "ok") {
      window.location.assign("/profile");
      return;
    }
    setError(failureText(outcome, FAILED, SIGNED_OUT));
  };
  return (
    <section className="lp-settings__part" aria-labelledby="lp-delete-title">
      <h3 id="lp-delete-title">Delete the list</h3>
      {!asking ? (
        <button ref={start} type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
          Delete list…
        </button>
      ) : (
        <div role="group" aria-labelledby="lp-delete-question" className="lp-confirm">
          <p id="lp-delete-question">{`Delete "${list.name}" and its ${list.itemCount} ${list.itemCount === 1 ? "item" : "items"}? This cannot be undone.`}</p>
          <div className="lp-settings__buttons">
            <button
              type="button"
              className="btn lp-danger"
              onClick={confirm}
              aria-disabled={busy ? "true" : undefined}
            >
              Delete
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              ref={keep}
              onClick={() => {
                setAsking(false);
                setError("");
                requestAnimationFrame(() => start.current?.focus());
              }}
            >
              Keep the list
            </button>
          </div>
        </div>
      )}
      <p className="list-form__error" role="alert">
        {error}
      </p>
    </section>
  );
}

interface Props {
  token: string;
  list: ListSummary;
  /** The list changed: the page reads it again. */
  onChanged: () => void;
}

export function ListSettings({ token, list, onChanged }: Props) {
  const origin = new URL(
    document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? window.location.href,
  ).origin;
  return (
    <section className="lp-settings" aria-labelledby="lp-settings-title">
      <h2 id="lp-settings-title">List settings</h2>
      <ListForm
        key={list.id}
        initial={{ name: list.name, description: list.description, visibility: list.visibility }}
        fixedName={list.system !== null}
        submitLabel="Save changes"
        onSubmit={async (fields) => {
          const outcome = await listsApi.update(
            token,
            list.id,
            list.system !== null ? { visibility: fields.visibility } : fields,
          );
          if (outcome.kind === "ok") onChanged();
          return outcome;
        }}
      />
      <UnlistedLink token={token} list={list} origin={origin} onChanged={onChanged} />
      {list.system === null && <DeleteList token={token} list={list} />}
    </section>
  );
}
