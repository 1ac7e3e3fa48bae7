// Issue 30: a verified owner finds /owner in the account menu and the social sidebar; someone
// who owns no restaurant finds neither. At 390 and 1280 px against the built site.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useSite } from "./harness.ts";
import { sessionHelpersFor } from "./session.ts";

const shared = useSite();
const h = sessionHelpersFor(shared);

async function openMenu(page: Page) {
  const menu = page.getByRole("navigation", { name: "Account" });
  await page.locator("[data-account-menu][data-ready]").waitFor();
  await menu.getByRole("button", { name: /^Account/ }).click();
  return menu.getByRole("list");
}

async function anOwner() {
  const owner = await h.signedInSession("own_entry");
  const free = await shared.database.client.execute(
    "SELECT id FROM restaurants r WHERE NOT EXISTS (SELECT 1 FROM restaurant_owners o WHERE o.restaurant_id = r.id AND o.active = 1) ORDER BY id DESC LIMIT 1",
  );
  await shared.database.client.execute({
    sql: "INSERT INTO restaurant_owners (restaurant_id, user_id, verified_at, method, active) VALUES (?, ?, ?, 'code', 1)",
    args: [Number(free.rows[0]!.id), Number(owner.userId), Date.now()],
  });
  return owner;
}

describe.each([390, 1280] as const)("the owner's way in at %i px", (width) => {
  it("offers Owner dashboard to a verified owner, in the menu and the sidebar, and not to others", async () => {
    const owner = await anOwner();
    const plain = await h.signedInSession("own_plain");
    for (const [who, owns] of [
      [owner, true],
      [plain, false],
    ] as const) {
      const { context, page, problems } = await h.newPage(who);
      try {
        await page.setViewportSize({ width, height: 900 });
        // openMenu waits for the menu to mark itself ready.
        await page.goto(h.url("/"), { waitUntil: "load" });
        const menu = await openMenu(page);
        const link = menu.getByRole("link", { name: "Owner dashboard" });
        if (owns) {
          await link.waitFor();
          expect(await link.getAttribute("href")).toBe("/owner");
        } else {
          await menu.getByRole("button", { name: "Log Out" }).waitFor();
          await page.waitForLoadState("networkidle");
          expect(await link.count()).toBe(0);
        }
        // An owner's entry shows once the owner check answers (the poll below waits for it);
        // that it stays hidden for anyone else can only be seen once every request is answered,
        // and nothing on the page marks that: networkidle for them alone.
        await page.goto(h.url("/home"), { waitUntil: owns ? "load" : "networkidle" });
        // The sidebar's entry shows for owners; on a phone the sidebar gives way to the tab bar.
        const entry = page.locator("[data-owner-entry]");
        await expect.poll(() => entry.evaluate((el) => (el as HTMLElement).hidden), { timeout: 15_000 }).toBe(!owns);
        const sidebar = page.getByRole("navigation", { name: "Social" }).getByRole("link", { name: "Owner dashboard" });
        if (owns && width > 600) expect(await sidebar.getAttribute("href")).toBe("/owner");
        if (!owns) expect(await sidebar.count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
