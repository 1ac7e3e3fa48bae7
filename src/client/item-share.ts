// The Share button of dish and restaurant pages (ShareButton.tsx, issue 30): the review page's
// share (share-link.ts) with the page's canonical address.
import { shareLink, shareStatusText } from "./share-link.ts";

export function installItemShare(doc: Document = document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>("[data-item-share]")) {
    const status = button.parentElement?.querySelector<HTMLElement>("[data-item-share-status]");
    if (!status) continue;
    button.addEventListener("click", async () => {
      status.textContent = "";
      const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
      const outcome = await shareLink(navigator, { title: doc.title, url: canonical ?? doc.location.href });
      status.textContent = shareStatusText(outcome);
    });
  }
}

installItemShare();
