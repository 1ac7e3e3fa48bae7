// `client:interaction`: hydrate an island on the first sign a person is about to use it (the
// pointer over it, a touch, focus by keyboard or click), not on page load. The search bar on
// the home page is server-rendered as a plain GET form, so it works before hydration; with
// client:idle every visit paid for React (about 67 KB gzip) whether or not anyone touched it.
// A click that started the download (a touch on a phone) is replayed once the island is
// live, so the button it was meant for still opens; text typed meanwhile is kept by React,
// which replays an input's change made before hydration. An address with a fragment (a link
// into the page, like the header's Change) hydrates at once.
import type { ClientDirective } from "astro";

const TRIGGERS = ["pointerover", "touchstart", "focusin"] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let pendingClick: HTMLElement | null = null;
  const rememberClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest("button[type=button]");
    if (button instanceof HTMLElement) pendingClick = button;
  };
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of TRIGGERS) island.removeEventListener(name, start);
    window.removeEventListener("hashchange", start);
    island.addEventListener("click", rememberClick, true);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener("click", rememberClick, true);
    pendingClick?.click();
  };
  for (const name of TRIGGERS) island.addEventListener(name, start, { once: true, passive: true });
  // A link into the page asks an island for something too: the header's Change names
  // #choose-region, which the search bar answers by opening its region list (issue 24).
  window.addEventListener("hashchange", start);
  if (window.location.hash) void start();
};

export default hydrateOnInteraction;
