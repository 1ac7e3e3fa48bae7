// The author's own view of a removed review (issue 30, docs/moderation.md), in Chromium at 390
// and 1280 px: /review/{id} tells its author it was removed, the policy reason and the
// moderator's note, and the way to appeal, with no Share; another member and a visitor get the
// page's 404, as for a review that never existed. axe clean.
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./a11y-helpers.ts";
import { useSite } from "./harness.ts";
import { type Session, sessionHelpersFor } from "./session.ts";

const shared = useSite();
const { url, signedInSession, api, postReview, withPage } = sessionHelpersFor(shared);

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const NOTE = "Names a member of staff and offers a discount code.";
const NOT_FOUND = "Page not found. The page you are looking for does not exist.";

let author: Session, stranger: Session;
let reviewId: number;
let restaurantName: string;

beforeAll(async () => {
  const moderator = await signedInSession("rrmod");
  [author, stranger] = await Promise.all([signedInSession("rra"), signedInSession("rrs")]);
  await shared.database.client.execute({
    sql: "UPDATE users SET role = 'moderator' WHERE id = ?",
    args: [Number(moderator.userId)],
  });
  const rows = await shared.database.client.execute(
    "SELECT id, name FROM restaurants WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1 OFFSET 11",
  );
  const restaurantId = Number(rows.rows[0]!.id);
  restaurantName = String(rows.rows[0]!.name);
  reviewId = await postReview(author, restaurantId, "Ask for Marco: code MARCO20 takes 20% off the bill.");
  const removed = await api(moderator, "/moderation/actions", {
    method: "POST",
    body: JSON.stringify({ kind: "review", id: reviewId, action: "remove", reason: "spam-or-fake", note: NOTE }),
  });
  expect(removed.status, removed.body.message).toBe(200);
});

describe("a removed review's page", () => {
  for (const { width, height } of VIEWPORTS) {
    it(`tells its author why it was removed and how to appeal, with no Share, at ${width} px`, async () => {
      await withPage(author, { forAxe: true }, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await page.goto(url(`/review/${reviewId}`));
        const view = page.getByRole("region", { name: `Your review of ${restaurantName} was removed` });
        await view.waitFor();
        expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
        await view.getByText("Reason: Spam or fake.").waitFor();
        await view.getByText(`Moderator’s note: ${NOTE}`).waitFor();
        await view.getByText("Ask for Marco: code MARCO20 takes 20% off the bill.").waitFor();
        expect(await view.getByRole("link", { name: "Appeal from your notifications" }).getAttribute("href")).toBe(
          "/notifications",
        );
        expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);
        expect(await page.title()).toBe(`Your removed review of ${restaurantName} | Dishcovery`);
        expect(await seriousViolations(page)).toEqual([]);
      });
    });

    it(`is the 404 page to another member and to a visitor at ${width} px`, async () => {
      for (const who of [stranger, null]) {
        await withPage(who, async ({ page }) => {
          await page.setViewportSize({ width, height });
          const response = await page.goto(url(`/review/${reviewId}`), { waitUntil: "load" });
          expect(response?.status()).toBe(404);
          await page.getByText(NOT_FOUND).waitFor();
          // The signed-in reader's own read answers 404 too: nothing replaces the page.
          if (who) {
            const read = await api(who, `/posts/${reviewId}`);
            expect(read.status).toBe(404);
          }
          expect(await page.getByText("was removed").count()).toBe(0);
          expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);
        });
      }
    });
  }
});
