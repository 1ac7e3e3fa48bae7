// The save sheet (issue 32): a tap on Save keeps the item in "Want to try" at once, then this
// small dialog lets the member choose other lists or make a new one. A visitor is asked to log
// in; the item waits on the device (pending-save.ts) and is saved when they come back. Plain
// DOM on a native <dialog>: showModal keeps the focus inside and Escape closes it, and cards
// stay free of React.
import { failureText, type FailedOutcome } from "../failure-text.ts";
import { loginHref } from "../login-return.ts";
import { browserStore, currentSession, type Session } from "../session.ts";
import { listsApi } from "./lists-api.ts";
import { keepPendingSave, parseSaveItem, savedLabel, saveItemValue, takePendingSave, type SaveTarget } from "./pending-save.ts";

const SIGNED_OUT = "Your session has ended. Log in again to save.";
const FAILED = "Could not save. Please try again.";

interface HeldList {
  id: number;
  name: string;
  system: "want" | "been" | null;
  holds: boolean;
}

/** Every control on the page for this item (a card may be shown twice) shows the same state. */
export function showState(target: SaveTarget, lists: readonly HeldList[]): void {
  const names = lists.filter((list) => list.holds).map((list) => list.name);
  for (const control of document.querySelectorAll<HTMLElement>(`.save-control[data-save-item="${saveItemValue(target)}"]`)) {
    control.toggleAttribute("data-saved", names.length > 0);
    const text = control.querySelector(".save-button-text");
    if (text) text.textContent = names.length > 0 ? "Saved" : "Save";
    const state = control.querySelector(".save-state");
    if (state) state.textContent = savedLabel(names);
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]) {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

let dialog: HTMLDialogElement | null = null;

function sheetDialog(): HTMLDialogElement {
  if (dialog) return dialog;
  const made = element("dialog", { className: "save-sheet" });
  made.setAttribute("aria-labelledby", "save-sheet-title");
  made.addEventListener("click", (event) => {
    if (event.target === made) made.close(); // a tap on the backdrop
  });
  document.body.append(made);
  dialog = made;
  return made;
}

function frame(title: string, closeText = "Done"): { box: HTMLDialogElement; body: HTMLElement; status: HTMLElement } {
  const box = sheetDialog();
  const heading = element("h2", { id: "save-sheet-title", className: "save-sheet-title", tabIndex: -1 }, title);
  const status = element("p", { className: "save-sheet-status" });
  status.setAttribute("role", "status");
  const body = element("div", { className: "save-sheet-body" });
  const close = element("button", { type: "button", className: "btn btn-secondary save-sheet-done", textContent: closeText });
  close.addEventListener("click", () => box.close());
  box.replaceChildren(heading, status, body, close);
  if (!box.open) box.showModal();
  heading.focus();
  return { box, body, status };
}

function askToLogIn(target: SaveTarget, name: string): void {
  const { body } = frame(`Save ${name}`, "Not now");
  const link = element("a", { className: "btn btn-primary", href: loginHref(), textContent: "Log in to save" });
  link.addEventListener("click", () => {
    const store = browserStore();
    if (store) keepPendingSave(store, target, Date.now());
  });
  body.append(element("p", {}, "Log in and you will come back here with it saved to Want to try."), link);
}

/** null when saved; the failure otherwise. */
async function addTo(session: Session, listId: number, target: SaveTarget): Promise<FailedOutcome | null> {
  const outcome = await listsApi.add(session.token, listId, target);
  // Already there (saved in another tab): the state below says so.
  return outcome.kind === "ok" || (outcome.kind === "failed" && outcome.status === 409) ? null : outcome;
}

async function removeFrom(session: Session, listId: number, target: SaveTarget): Promise<FailedOutcome | null> {
  const outcome = await listsApi.remove(session.token, listId, target);
  return outcome.kind === "ok" ? null : outcome;
}

function renderLists(session: Session, target: SaveTarget, lists: HeldList[], body: HTMLElement, status: HTMLElement) {
  const fieldset = element("fieldset", { className: "save-sheet-lists" }, element("legend", {}, "Your lists"));
  const setStatus = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle("save-sheet-status--error", error);
  };
  for (const list of lists) {
    const box = element("input", { type: "checkbox", checked: list.holds, name: "list", value: String(list.id) });
    box.addEventListener("change", async () => {
      if (box.getAttribute("aria-disabled") === "true") return;
      box.setAttribute("aria-disabled", "true");
      const wanted = box.checked;
      const failed = wanted ? await addTo(session, list.id, target) : await removeFrom(session, list.id, target);
      box.removeAttribute("aria-disabled");
      if (failed) {
        box.checked = !wanted;
        setStatus(failureText(failed, FAILED, SIGNED_OUT), true);
        return;
      }
      list.holds = wanted;
      showState(target, lists);
      setStatus(wanted ? `Saved to ${list.name}.` : `Removed from ${list.name}.`);
    });
    fieldset.append(element("label", { className: "save-sheet-list" }, box, ` ${list.name}`));
  }
  const input = element("input", { type: "text", id: "save-sheet-new", maxLength: 60, autocomplete: "off" });
  const create = element("button", { type: "submit", className: "btn btn-secondary", textContent: "Create and save" });
  const form = element(
    "form",
    { className: "save-sheet-new" },
    element("label", { htmlFor: "save-sheet-new" }, "New list"),
    input,
    create,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (create.getAttribute("aria-disabled") === "true") return;
    create.setAttribute("aria-disabled", "true");
    const made = await listsApi.create(session.token, input.value.trim());
    const failed: FailedOutcome | null = made.kind === "ok" ? await addTo(session, made.data.id, target) : made;
    create.removeAttribute("aria-disabled");
    if (failed) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", "save-sheet-status");
      setStatus(failureText(failed, FAILED, SIGNED_OUT), true);
      return;
    }
    if (made.kind !== "ok") return;
    input.removeAttribute("aria-invalid");
    input.value = "";
    const list: HeldList = { id: made.data.id, name: made.data.name, system: null, holds: true };
    lists.push(list);
    showState(target, lists);
    renderLists(session, target, lists, body, status);
    setStatus(`Saved to ${list.name}.`);
  });
  input.addEventListener("input", () => {
    if (input.getAttribute("aria-invalid")) {
      input.removeAttribute("aria-invalid");
      setStatus("");
    }
  });
  status.id = "save-sheet-status";
  body.replaceChildren(fieldset, form);
}

async function heldLists(session: Session, target: SaveTarget): Promise<{ lists: HeldList[] } | { lists: null; failed: FailedOutcome }> {
  const outcome = await listsApi.holding(session.token, target);
  return outcome.kind === "ok" ? { lists: outcome.data.lists.map((list) => ({ ...list })) } : { lists: null, failed: outcome };
}

/** One tap: into Want to try at once when no list holds it yet, then the lists to choose from. */
export async function openSaveSheet(button: HTMLButtonElement): Promise<void> {
  const control = button.closest<HTMLElement>(".save-control");
  const target = parseSaveItem(control?.dataset.saveItem);
  if (!target) return;
  const name = button.dataset.saveName ?? "this";
  const session = currentSession();
  if (!session) return askToLogIn(target, name);
  if (button.getAttribute("aria-disabled") === "true") return;
  button.setAttribute("aria-disabled", "true");
  const { body, status } = frame(`Save ${name}`);
  status.textContent = "Saving…";
  try {
    const held = await heldLists(session, target);
    if (!held.lists) {
      status.textContent = failureText(held.failed, FAILED, SIGNED_OUT);
      return;
    }
    const { lists } = held;
    const want = lists.find((list) => list.system === "want");
    if (want && !lists.some((list) => list.holds)) {
      const failed = await addTo(session, want.id, target);
      if (failed) {
        status.textContent = failureText(failed, FAILED, SIGNED_OUT);
        return;
      }
      want.holds = true;
    }
    showState(target, lists);
    status.textContent = savedLabel(lists.filter((list) => list.holds).map((list) => list.name)) + ".";
    renderLists(session, target, lists, body, status);
  } finally {
    button.removeAttribute("aria-disabled");
  }
}

/** At load: the save that waited for the login, and the item page's state. */
export async function wakeOnLoad(): Promise<void> {
  const session = currentSession();
  const store = browserStore();
  if (!session || !store) return;
  const pending = takePendingSave(store, Date.now());
  if (pending) {
    const { lists } = await heldLists(session, pending);
    const want = lists?.find((list) => list.system === "want");
    if (lists && want && !want.holds && !(await addTo(session, want.id, pending))) want.holds = true;
    if (lists) showState(pending, lists);
  }
  for (const control of document.querySelectorAll<HTMLElement>(".save-control[data-save-eager]")) {
    const target = parseSaveItem(control.dataset.saveItem);
    if (!target || (pending && saveItemValue(pending) === saveItemValue(target))) continue;
    const { lists } = await heldLists(session, target);
    if (lists) showState(target, lists);
  }
}
