// Fills an item page's friend signal (issue 32): "3 people you follow rated this (4.6 on
// average)" with their faces, short verdicts and links, and "2 want to try it". Loaded only
// for a signed-in member; the section stays hidden when no one they follow has a word on it.
import { fileUrl } from "../../domain/file-url.ts";
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import { currentSession } from "../session.ts";
import { parseSaveItem } from "./pending-save.ts";

interface Person {
  userId: number;
  username: string;
  avatar: string | null;
}

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]) {
  const made = document.createElement(tag);
  made.className = className;
  made.append(...children);
  return made;
}

function face(person: Person): HTMLElement {
  const src = fileUrl(person.avatar);
  if (!src) return node("span", "friend-face friend-face--empty", person.username.slice(0, 1).toUpperCase());
  const img = Object.assign(document.createElement("img"), { src, alt: "", width: 32, height: 32, className: "friend-face" });
  return img;
}

function personLink(person: Person): HTMLAnchorElement {
  const link = node("a", "friend-name", person.username);
  link.href = `/user/${person.userId}`;
  return link;
}

export async function fillFriendSignals(): Promise<void> {
  const session = currentSession();
  if (!session) return;
  for (const section of document.querySelectorAll<HTMLElement>("[data-friend-signal]")) {
    const target = parseSaveItem(section.dataset.friendSignal);
    if (!target) continue;
    const outcome = await outcomeOf(
      api.items[":kind"][":id"].following.$get(
        { param: { kind: target.kind, id: String(target.id) } },
        callOptions({ token: session.token }),
      ),
    );
    if (outcome.kind !== "ok" || (!outcome.data.ratedLine && !outcome.data.wantLine)) continue;
    const signal = outcome.data;
    const parts: HTMLElement[] = [];
    if (signal.ratedLine) {
      parts.push(node("h2", "friend-signal-line", signal.ratedLine));
      const voices = node("ul", "friend-voices");
      for (const rater of signal.raters) {
        const rating = rater.ratingTenths === null ? "" : ` ${(rater.ratingTenths / 10).toFixed(1)}`;
        const review = node("a", "friend-verdict", rater.verdict || "Read the review");
        review.href = `/review/${rater.postId}`;
        voices.append(node("li", "friend-voice", face(rater), node("p", "friend-who", personLink(rater), rating), review));
      }
      parts.push(voices);
    }
    if (signal.wantLine) {
      const wanters = node("p", "friend-want", signal.wantLine);
      const faces = node("span", "friend-want-faces");
      faces.setAttribute("aria-hidden", "true");
      faces.append(...signal.wanters.map(face));
      parts.push(node("div", "friend-want-row", faces, wanters));
    }
    section.replaceChildren(...parts);
    section.hidden = false;
  }
}
