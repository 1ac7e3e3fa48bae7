// What a review's page (/review/{id}, issue 24) runs: the Share button, and the reader's own
// view. The host renders the page as a visitor sees it, the same for everyone; a signed-in
// reader asks again with their token. A review they may not see (a block) is then replaced
// by the same 404 screen as a missing one, and comments across a block are taken out; a review a visitor may not see but they may (their
// own, or a private account they follow: a notification brings them here) is rendered for
// them; their own review a moderator removed shows why, with no Share (issue 30). React loads only for that last case (mount.tsx); everyone else runs this file.
import {
  commentsHiddenFrom,
  loadReviewPage,
  reviewTitle,
} from "../../components/review-page/review-page-data.ts";
import { api } from "../../shared/api-client.ts";
import { currentSession } from "../../client/session.ts";
import { shareLink, shareStatusText } from "../../client/share-link.ts";

const idOf = (pathname: string) => {
  const match = /^\/review\/([1-9][0-9]{0,15})\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
};

function installShare(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>("[data-review-share]");
  const status = doc.querySelector<HTMLElement>("[data-review-share-status]");
  if (!button || !status) return;
  button.addEventListener("click", async () => {
    status.textContent = "";
    const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    const outcome = await shareLink(navigator, { title: doc.title, url: canonical ?? doc.location.href });
    status.textContent = shareStatusText(outcome);
  });
}

/** The anchor of a notification (#comment-12) once the thread is on the page. */
function focusTarget(doc: Document): void {
  const hash = doc.location.hash.slice(1);
  if (!/^comment-[0-9]+$/.test(hash)) return;
  const target = doc.getElementById(hash);
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

async function readersView(doc: Document, page: HTMLElement, id: number): Promise<void> {
  const session = currentSession();
  if (!session) return;
  const body = page.querySelector<HTMLElement>("[data-review-body]");
  if (!body) return;
  try {
    const data = await loadReviewPage(api, id, session.token);
    if (page.dataset.reviewPage === "found") {
      // The visitor's page is on screen: it stays, less the comments across a block.
      if (data !== null) {
        const shown = new Map(
          [...body.querySelectorAll<HTMLElement>("[id^='comment-']")].map((li) => [
            Number(li.id.slice("comment-".length)),
            li,
          ]),
        );
        for (const id of commentsHiddenFrom([...shown.keys()], data.comments)) shown.get(id)?.remove();
        return;
      }
      const { mountMissing } = await import("./mount.tsx");
      doc.title = "Page not found | Dishcovery";
      doc.querySelector("[data-review-toolbar]")?.setAttribute("hidden", "");
      mountMissing(body);
      return;
    }
    if (data === null) return;
    const removal = data.post.removal;
    if (removal) {
      // Removed by a moderator: its author reads why, and the toolbar (Share) stays hidden.
      const { mountRemoved } = await import("./mount.tsx");
      doc.title = `Your removed review of ${data.post.subject.name} | Dishcovery`;
      mountRemoved(body, data, removal);
      return;
    }
    const { mountReview } = await import("./mount.tsx");
    doc.title = `${reviewTitle(data.post)} | Dishcovery`;
    mountReview(body, data);
    doc.querySelector("[data-review-toolbar]")?.removeAttribute("hidden");
    requestAnimationFrame(() => focusTarget(doc));
  } catch {
    // Offline or the API failing: the visitor's view stays.
  }
}

export function installReviewPage(doc: Document = document): void {
  const page = doc.querySelector<HTMLElement>("[data-review-page]");
  const id = idOf(doc.location.pathname);
  if (!page || id === null) return;
  installShare(doc);
  focusTarget(doc);
  void readersView(doc, page, id);
}
