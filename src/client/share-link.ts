// Share a review's page (issue 24), or a dish or restaurant page (issue 30): the system share
// sheet where the browser has one (Web Share API: phones, some desktops), else the link copied
// to the clipboard. The page says what happened in a polite live region ("Link copied").
export const SHARE_MESSAGES = {
  copied: "Link copied",
  failed: "Could not copy the link. Copy it from the address bar.",
} as const;

export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

type ShareNavigator = Partial<Pick<Navigator, "share" | "canShare">> & {
  clipboard?: Pick<Clipboard, "writeText">;
};

export async function shareLink(
  nav: ShareNavigator,
  data: { title: string; url: string },
): Promise<ShareOutcome> {
  if (typeof nav.share === "function" && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      // The person closed the sheet: nothing to say. Any other failure falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  try {
    if (!nav.clipboard) return "failed";
    await nav.clipboard.writeText(data.url);
    return "copied";
  } catch {
    return "failed";
  }
}

/** What the live region says after a share: nothing when the system sheet did the telling. */
export function shareStatusText(outcome: ShareOutcome): string {
  if (outcome === "copied") return SHARE_MESSAGES.copied;
  if (outcome === "failed") return SHARE_MESSAGES.failed;
  return "";
}
