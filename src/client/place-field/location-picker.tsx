// Mounts the location picker (LocationPicker.tsx) into a page's element. Pages load this only
// when someone opens Change or home's Locations (decision 015): the header is on every page,
// and the home page's JavaScript budget has no room for it up front.
import { createRoot, type Root } from "react-dom/client";
import { LocationPicker } from "./LocationPicker.tsx";
import "./place-field.css";
import "./location-picker.css";

const roots = new WeakMap<HTMLElement, Root>();

/** Renders the picker in `host` (again: its box takes the focus); `onDone` runs after a choice. */
export function showLocationPicker(host: HTMLElement, onDone: () => void, focus = true): void {
  let root = roots.get(host);
  if (!root) roots.set(host, (root = createRoot(host)));
  // A new key each time: the box opens empty and takes the focus again.
  root.render(<LocationPicker key={Date.now()} onDone={onDone} focus={focus} />);
}
