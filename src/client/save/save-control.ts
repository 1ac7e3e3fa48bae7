// Wakes the save control of cards and item pages (issue 32, decision 015). This module is all
// a page downloads for it: the sheet and the API client come with the first tap, or at load
// only for a signed-in member on an item page (to show which lists hold it) or with a save
// that waited for the login; the friend signal of item pages loads for a member only.
import "./save-control.css";
import { browserStore, readSession } from "../session.ts";
import { hasPendingSave } from "./pending-save.ts";

const sheet = () => import("./save-sheet.ts");

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLButtonElement>(".save-control .save-button");
  if (!button) return;
  event.preventDefault();
  void sheet().then((module) => module.openSaveSheet(button));
});

const store = browserStore();
const signedIn = store !== null && readSession(store) !== null;
if (signedIn && (hasPendingSave(store) || document.querySelector("[data-save-eager]"))) {
  void sheet().then((module) => module.wakeOnLoad());
}
// The cards' one line of what the people a member follows think, filled in place: never for a visitor.
if (signedIn) void import("./friend-lines.ts").then((module) => module.watchFriendLines());
// What the people a member follows think of an item page's item: never for a visitor.
if (signedIn && document.querySelector("[data-friend-signal]")) {
  void import("./friend-signal.ts").then((module) => module.fillFriendSignals());
}
