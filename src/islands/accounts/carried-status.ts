// A confirmation that belongs to the next screen: sign-up step 1 goes to the verification
// screen as soon as the code is sent, and that screen shows "Verification email sent
// successfully!". Shown on step 1 with a timed move on, it was announced and then cut off
// (issue 16, WCAG 4.1.3 and 2.2.1). Session storage: it lives for this tab and one reading.
import type { StatusText } from "../../client/use-status.ts";

const KEY = "carriedStatus";

function tabStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function carryStatus(status: StatusText): void {
  tabStore()?.setItem(KEY, JSON.stringify(status));
}

/** The carried status, removed as it is read; null if there is none or it is unreadable. */
export function takeCarriedStatus(): StatusText | null {
  const store = tabStore();
  const raw = store?.getItem(KEY);
  if (!raw) return null;
  store?.removeItem(KEY);
  try {
    const parsed = JSON.parse(raw) as Partial<StatusText>;
    if (typeof parsed.text !== "string") return null;
    const tone = parsed.tone === "success" || parsed.tone === "error" ? parsed.tone : "info";
    return { text: parsed.text, tone };
  } catch {
    return null;
  }
}
