import { describe, expect, it, vi } from "vitest";
import { SHARE_MESSAGES, shareLink, shareStatusText } from "./share-link.ts";

const data = {
  title: "ada's review of Tonkotsu Lane | Dishcovery",
  url: "https://dishcovery.example/review/7",
};

describe("shareLink", () => {
  it("opens the system share sheet where there is one", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareLink({ share, clipboard: { writeText } }, data)).toBe("shared");
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it("says nothing when the person closes the sheet", async () => {
    const share = vi.fn(async () => {
      throw new DOMException("closed", "AbortError");
    });
    expect(await shareLink({ share }, data)).toBe("cancelled");
  });

  it("copies the link without the Web Share API, or when sharing fails otherwise", async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink({ clipboard: { writeText } }, data)).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(data.url);
    const refused = vi.fn(async () => {
      throw new DOMException("not allowed", "NotAllowedError");
    });
    expect(await shareLink({ share: refused, clipboard: { writeText } }, data)).toBe("copied");
    expect(await shareLink({ share: refused, canShare: () => false, clipboard: { writeText } }, data)).toBe(
      "copied",
    );
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("fails when neither works, and says how to copy it by hand", async () => {
    const writeText = vi.fn(async () => {
      throw new Error("denied");
    });
    expect(await shareLink({ clipboard: { writeText } }, data)).toBe("failed");
    expect(await shareLink({}, data)).toBe("failed");
    expect(shareStatusText("failed")).toBe(SHARE_MESSAGES.failed);
    expect(shareStatusText("copied")).toBe("Link copied");
    expect(shareStatusText("shared")).toBe("");
  });
});
