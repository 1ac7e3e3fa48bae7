// The session part of every page's header (issue 24), run by SiteHeader's bundled script. All
// a signed-out visitor pays for: show the right account controls, and listen for a session
// ended elsewhere. Signed in, the account menu's behaviour loads as a chunk of its own
// (account-menu-controller.ts), so the public pages' JavaScript stays within its budget.
import { clearSession, isSignedIn } from "./session-storage.ts";
import { passwordChangedLoginHref, SESSION_ENDED_EVENT } from "../../shared/session-ended.ts";

/** Where Sign-In and Sign Up take a person who is already signed in: their feed. */
export const SIGNED_IN_HOME = "/home";
const ACCOUNT_FORMS = ['a[href="/sign-in-users"]', 'a[href="/email-verification-users"]', "a[data-signed-out-href]"];

/** Shows [data-session] parts for the state, and points plain Sign-In and Sign Up links home. */
export function showSessionState(doc: Document, signedIn: boolean): void {
  for (const el of doc.querySelectorAll<HTMLElement>("[data-session]")) {
    el.hidden = (el.dataset.session === "signed-in") !== signedIn;
  }
  doc.documentElement.classList.toggle("signed-in", signedIn);
  for (const link of doc.querySelectorAll<HTMLAnchorElement>(ACCOUNT_FORMS.join(","))) {
    link.dataset.signedOutHref ??= link.getAttribute("href") ?? "";
    link.setAttribute("href", signedIn ? SIGNED_IN_HOME : link.dataset.signedOutHref);
  }
}

let controller: Promise<unknown> | null = null;

export function startSiteSession(win: Window = window): void {
  const store = win.localStorage;
  const update = () => {
    const signedIn = isSignedIn(store);
    showSessionState(win.document, signedIn);
    if (signedIn) controller ??= import("./account-menu-controller.ts").then((m) => m.startAccountMenu(win));
  };
  update();
  // Another tab logging in or out updates this page too.
  win.addEventListener("storage", update);

  let ending = false;
  win.addEventListener(SESSION_ENDED_EVENT, () => {
    if (ending) return;
    ending = true;
    clearSession(store);
    win.location.assign(passwordChangedLoginHref(win.location.pathname + win.location.search));
  });
}
