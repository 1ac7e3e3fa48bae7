// What a list's page (/list/{id}, issue 32) runs: the sort, "Copy to my lists", the reader's own
// view and the owner's settings. Share is src/client/item-share.ts, as on item pages. The host
// renders the page as a visitor sees it; a signed-in reader asks again with their token. A list
// they may not see (a block) is then replaced by the same 404 screen as a missing one; a list a
// visitor may not see but they may (their own, a followers-only list of someone they follow),
// or one opened by its unlisted link (?link=), is rendered for them. React loads only for those
// cases and for the owner (mount.tsx).
import { listTitle, type ListPageData } from "../../components/lists/list-page-data.ts";
import type { ListSort } from "../../domain/lists.ts";
import { formatDistance, type LatLng } from "../../domain/geo-distance.ts";
import { askPosition } from "../../client/near-me.ts";
import { nearHref, readNear } from "../../client/near-place.ts";
import { currentSession, type Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import { listsApi } from "../../client/save/lists-api.ts";
import { loginHref } from "../../client/login-return.ts";
import { SORT_LABELS, sortListItems } from "./list-sort.ts";

const COPY_FAILED = "Could not copy the list. Please try again.";
const SIGNED_OUT = "Log in again to copy this list.";
const FINDING = "Finding your location…";

const idOf = (pathname: string) => {
  const match = /^\/list\/([1-9][0-9]{0,15})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
};
const numberOr = (value: string | undefined) => (value === undefined || value === "" ? null : Number(value));

/** Reorders the page's items; the distance of each is shown when sorting by it. */
function applySort(doc: Document, sort: ListSort, place?: LatLng): void {
  const list = doc.querySelector<HTMLOListElement>("[data-list-items]");
  if (!list) return;
  const rows = [...list.querySelectorAll<HTMLLIElement>(":scope > li")].map((li) => {
    const lat = numberOr(li.dataset.lat);
    const lng = numberOr(li.dataset.lng);
    return {
      li,
      added: li.dataset.added ?? "",
      rating: numberOr(li.dataset.rating),
      position: lat !== null && lng !== null ? { lat, lng } : null,
    };
  });
  const { order, distances } = sortListItems(rows, sort, place);
  for (const row of rows) {
    const label = row.li.querySelector<HTMLElement>("[data-list-distance]");
    if (!label) continue;
    const meters = distances.get(row);
    label.hidden = meters === undefined;
    label.textContent = meters === undefined ? "" : `${formatDistance(meters)} away`;
  }
  list.append(...order.map((row) => row.li));
}

function installSort(doc: Document): void {
  const select = doc.querySelector<HTMLSelectElement>("[data-list-sort]");
  const status = doc.querySelector<HTMLElement>("[data-list-sort-status]");
  if (!select || !status) return;
  let current: ListSort = "added";
  const show = (sort: ListSort, place?: LatLng) => {
    applySort(doc, sort, place);
    current = sort;
    select.value = sort;
    status.textContent = SORT_LABELS[sort];
    const { pathname, search, hash } = doc.location;
    const near =
      sort === "distance" && place
        ? { place: { kind: "position" as const, ...place, label: "" }, sort }
        : null;
    const params = new URLSearchParams(nearHref(search, pathname, near).split("?")[1] ?? "");
    if (sort === "rating") params.set("sort", "rating");
    const query = params.toString();
    history.replaceState(history.state, "", `${pathname}${query ? `?${query}` : ""}${hash}`);
  };
  select.addEventListener("change", async () => {
    const sort = select.value as ListSort;
    if (sort !== "distance") return show(sort);
    const near = readNear(doc.location.search);
    if (near?.place.kind === "position") return show("distance", near.place);
    status.textContent = FINDING;
    const outcome = await askPosition();
    if (outcome.kind === "failed") {
      select.value = current;
      status.textContent = outcome.message;
      return;
    }
    if (outcome.place.kind === "position") show("distance", outcome.place);
  });
  const params = new URLSearchParams(doc.location.search);
  const near = readNear(doc.location.search);
  const asked = params.get("sort");
  if (asked === "distance" && near?.place.kind === "position") show("distance", near.place);
  else if (asked === "rating") show("rating");
}

/** A list rendered anew (the reader's view) takes the sort already chosen. */
function reapplySort(doc: Document): void {
  const select = doc.querySelector<HTMLSelectElement>("[data-list-sort]");
  if (select && select.value !== "added") select.dispatchEvent(new Event("change"));
}

function installCopy(
  doc: Document,
  session: Session | null,
  list: Pick<ListPageData, "id" | "isOwner" | "visibility">,
): void {
  const box = doc.querySelector<HTMLElement>("[data-list-copy]");
  const button = box?.querySelector<HTMLButtonElement>("[data-list-copy-button]");
  const status = box?.querySelector<HTMLElement>("[data-list-copy-status]");
  if (!box || !button || !status || list.isOwner || list.visibility !== "public") return;
  box.hidden = false;
  button.addEventListener("click", async () => {
    if (!session) {
      window.location.assign(loginHref());
      return;
    }
    if (button.getAttribute("aria-disabled") === "true") return;
    button.setAttribute("aria-disabled", "true");
    status.textContent = "";
    const outcome = await listsApi.copy(session.token, list.id);
    button.removeAttribute("aria-disabled");
    if (outcome.kind !== "ok") {
      status.textContent = failureText(outcome, COPY_FAILED, SIGNED_OUT);
      return;
    }
    const open = doc.createElement("a");
    open.href = `/list/${outcome.data.id}`;
    open.textContent = "Open your copy";
    status.replaceChildren(`${outcome.message || "List copied."} `, open);
  });
}

async function readersView(doc: Document, page: HTMLElement, id: number): Promise<void> {
  const session = currentSession();
  const body = page.querySelector<HTMLElement>("[data-list-body]");
  const toolbar = doc.querySelector<HTMLElement>("[data-list-toolbar]");
  if (!body || !toolbar) return;
  const link = new URLSearchParams(doc.location.search).get("link");
  const found = page.dataset.listPage === "found";
  if (!session && (found || !link)) return;
  const outcome =
    link && !found
      ? await listsApi.byLink(session?.token, link)
      : session
        ? await listsApi.detail(session.token, id)
        : null;
  if (!outcome || outcome.kind === "no-response") return;
  if (outcome.kind === "failed") {
    if (found && outcome.status === 404) {
      // Across a block: the reader gets the 404 everyone else gets for a hidden list.
      const { mountMissing } = await import("./mount.tsx");
      doc.title = "Page not found | Dishcovery";
      toolbar.hidden = true;
      mountMissing(body);
    }
    return;
  }
  const list = outcome.data;
  const settings = doc.querySelector<HTMLElement>("[data-list-settings]");
  const owner = list.isOwner && session && settings;
  if (found && !owner) {
    installCopy(doc, session, list);
    return;
  }
  const mount = await import("./mount.tsx");
  doc.title = `${listTitle(list)} | Dishcovery`;
  if (owner) mount.mountOwnerTools(settings, body, session.token, list);
  else mount.mountList(body, list);
  toolbar.hidden = false;
  installCopy(doc, session, list);
  reapplySort(doc);
}

export function installListPage(doc: Document = document): void {
  const page = doc.querySelector<HTMLElement>("[data-list-page]");
  const id = idOf(doc.location.pathname);
  if (!page || id === null) return;
  installSort(doc);
  const found = page.dataset.listPage === "found";
  if (found) {
    // A visitor sees "Copy to my lists" and is asked to log in; a member's view decides below.
    const visibility = page.querySelector<HTMLElement>("[data-list-visibility]")?.dataset.listVisibility;
    if (!currentSession() && visibility === "public") {
      installCopy(doc, null, { id, isOwner: false, visibility: "public" });
    }
  }
  void readersView(doc, page, id).catch(() => {
    // Offline or the API failing: the visitor's view stays.
  });
}
