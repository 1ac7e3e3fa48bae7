// The signed-in half of the header (issue 24), loaded by site-session.ts only for a signed-in
// person: the account menu (a disclosure: the button says whether it is open, Escape closes it
// and gives the focus back, so does a click outside or the focus leaving it, arrow keys move
// between its entries), the unread notifications count on every badge of the page, the
// role-driven entries (Moderation), and Log Out, which returns to where the person was.
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import { accountFactsOf, ownsRestaurants, roleEntries, type MenuEntry } from "./account-menu.ts";
import { isSignedIn } from "./session-storage.ts";

/** Fired by screens that change the unread count (the notifications screen reads them). */
export const UNREAD_COUNT_EVENT = "dishcovery:unread-count";

function showUnread(doc: Document, count: number): void {
  for (const badge of doc.querySelectorAll<HTMLElement>("[data-unread-count]")) {
    const number = badge.querySelector("[data-unread-number]");
    if (number) number.textContent = count > 99 ? "99+" : String(count);
    badge.hidden = count <= 0;
  }
}

function installDisclosure(doc: Document, root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>("[data-account-toggle]");
  const panel = root.querySelector<HTMLElement>("[data-account-panel]");
  if (!button || !panel) return;
  const entries = () => [...panel.querySelectorAll<HTMLElement>("a, button")];
  const setOpen = (open: boolean, refocus = false) => {
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
    if (!open && refocus) button.focus();
  };
  const move = (from: number, by: number) => {
    const list = entries();
    list[(from + by + list.length) % list.length]?.focus();
  };
  button.addEventListener("click", () => setOpen(panel.hidden));
  root.dataset.ready = "";
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      event.preventDefault();
      setOpen(false, true);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const by = event.key === "ArrowDown" ? 1 : -1;
      if (event.target === button) {
        setOpen(true);
        move(by === 1 ? -1 : 0, by);
      } else if (!panel.hidden) move(entries().indexOf(event.target as HTMLElement), by);
      else return;
      event.preventDefault();
    }
  });
  // Closes when the focus leaves it (docs/accessibility.md, point 1) or a click lands elsewhere.
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  doc.addEventListener("click", (event) => {
    if (!panel.hidden && !root.contains(event.target as Node)) setOpen(false);
  });
}

function addRoleEntries(doc: Document, entries: MenuEntry[]): void {
  for (const panel of doc.querySelectorAll<HTMLElement>("[data-account-panel]")) {
    const before = panel.querySelector("[data-role-entries-before]");
    for (const entry of entries) {
      if (panel.querySelector(`a[href="${entry.href}"]`)) continue;
      const item = doc.createElement("li");
      const link = doc.createElement("a");
      link.href = entry.href;
      link.textContent = entry.label;
      item.append(link);
      panel.insertBefore(item, before);
    }
  }
}

function installLogOut(win: Window): void {
  let loggingOut = false;
  win.document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-logout]") : null;
    if (!button || loggingOut) return;
    loggingOut = true;
    // Not `disabled`: that drops the keyboard focus to the page (WCAG 2.4.3).
    button.setAttribute("aria-disabled", "true");
    const { logOut } = await import("../../client/logout.ts");
    await logOut(win.localStorage);
    // Back where the person was, signed out; a page only for the signed in has nothing to
    // show them, so the discovery home instead (issue 24).
    if (win.document.body.hasAttribute("data-signed-in-only")) win.location.assign("/");
    else win.location.reload();
  });
}

export function startAccountMenu(win: Window): void {
  const doc = win.document;
  for (const root of doc.querySelectorAll<HTMLElement>("[data-account-menu]")) installDisclosure(doc, root);
  installLogOut(win);
  win.addEventListener(UNREAD_COUNT_EVENT, (event) => {
    const count = (event as CustomEvent<{ unreadCount?: unknown }>).detail?.unreadCount;
    if (typeof count === "number") showUnread(doc, count);
  });

  const token = win.localStorage.getItem("token");
  const userId = win.localStorage.getItem("userId");
  if (!token || !userId || !isSignedIn(win.localStorage)) return;
  // Hints, not content: without an answer the badges stay hidden and the menu has its basics.
  // A token ended by a password change is handled by the client (api-client.ts) for us.
  void outcomeOf(api.notifications.unreadCount.$get({}, callOptions({ token }))).then((outcome) => {
    if (outcome.kind === "ok") showUnread(doc, outcome.data.unreadCount);
  });
  void outcomeOf(api.users[":id"].$get({ param: { id: userId } }, callOptions({ token }))).then((outcome) => {
    if (outcome.kind === "ok") addRoleEntries(doc, roleEntries(accountFactsOf(outcome.data)));
  });
  // Issue 30: a verified owner finds /owner in the menu and the social sidebar.
  void outcomeOf(api.owner.restaurants.$get({}, callOptions({ token }))).then((outcome) => {
    if (outcome.kind !== "ok" || !ownsRestaurants(outcome.data)) return;
    addRoleEntries(doc, roleEntries({ role: "user", verifiedOwner: true }));
    for (const entry of doc.querySelectorAll<HTMLElement>("[data-owner-entry]")) entry.hidden = false;
  });
}
