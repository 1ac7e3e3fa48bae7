// The list page's React roots (issue 32), made only when a signed-in reader's view differs from
// the visitor's page the host rendered, or for the owner (loader.ts): the same body component
// the host renders, with the owner's note editors and settings added for the owner.
import { useCallback, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { ListPageBody } from "../../components/lists/ListPageBody.tsx";
import { listTitle, type ListPageData } from "../../components/lists/list-page-data.ts";
import { ReviewMissing } from "../../components/review-page/ReviewMissing.tsx";
import { listsApi } from "../../client/save/lists-api.ts";
import { ListSettings } from "./ListSettings.tsx";
import { NoteEditor } from "./NoteEditor.tsx";

const roots = new WeakMap<HTMLElement, Root>();

function rootOf(element: HTMLElement): Root {
  let root = roots.get(element);
  if (!root) {
    element.replaceChildren();
    root = createRoot(element);
    roots.set(element, root);
  }
  return root;
}

/** Rendered at once, so the sort that follows finds the items in place. */
export function mountList(element: HTMLElement, list: ListPageData): void {
  const root = rootOf(element);
  flushSync(() => root.render(<ListPageBody list={list} />));
}

export function mountMissing(element: HTMLElement): void {
  rootOf(element).render(<ReviewMissing status={404} />);
}

function OwnerView({
  token,
  initial,
  settings,
}: {
  token: string;
  initial: ListPageData;
  settings: HTMLElement;
}) {
  const [list, setList] = useState(initial);
  const refresh = useCallback(async () => {
    const outcome = await listsApi.detail(token, initial.id);
    if (outcome.kind !== "ok") return;
    setList(outcome.data);
    document.title = `${listTitle(outcome.data)} | Dishcovery`;
  }, [token, initial.id]);
  const noted = (key: string, note: string) =>
    setList((current) => ({
      ...current,
      items: current.items.map((item) => (`${item.kind}:${item.savedId}` === key ? { ...item, note } : item)),
    }));
  return (
    <>
      <ListPageBody
        list={list}
        itemTools={(item) => (
          <NoteEditor
            token={token}
            listId={list.id}
            item={{ kind: item.kind, id: item.savedId }}
            name={item.name || item.statusNote || "this item"}
            note={item.note}
            onSaved={(note) => noted(`${item.kind}:${item.savedId}`, note)}
          />
        )}
      />
      {createPortal(<ListSettings token={token} list={list} onChanged={refresh} />, settings)}
    </>
  );
}

/** The owner's page: the list with a note editor on each item, and the list's settings below. */
export function mountOwnerTools(
  settings: HTMLElement,
  body: HTMLElement,
  token: string,
  list: ListPageData,
): void {
  const root = rootOf(body);
  flushSync(() => root.render(<OwnerView token={token} initial={list} settings={settings} />));
}
