// Issue 32 on a phone (390 px): one tap saves from a card or an item page; a visitor is asked
// to log in and comes back to the same page with the item saved; the sheet makes a new list.
import { describe, expect, it } from "vitest";
import { useSite } from "./harness.ts";
import { PASSWORD, sessionHelpersFor, type Session } from "./session.ts";

const shared = useSite();
const helpers = sessionHelpersFor(shared);
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.LISTS_SHOTS; // a folder to keep screenshots in while working on the screens
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

interface Holding {
  lists: { name: string; holds: boolean }[];
}
const heldBy = async (session: Session, kind: string, id: number) => {
  const { body } = await helpers.api<Holding>(session, `/lists/holding?kind=${kind}&id=${id}`);
  return body.data.lists.filter((list) => list.holds).map((list) => list.name);
};

describe("Save to lists", () => {
  it("saves from a card while signed out: log in, back on the same page with the item saved", async () => {
    const person = await helpers.signedInSession("saver");
    await helpers.withPage(null, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url("/"));
      const control = page.locator(".dish-card .save-control").first();
      const item = (await control.getAttribute("data-save-item"))!;
      const id = Number(item.split(":")[1]);
      await control.getByRole("button", { name: /^Save / }).click();
      const sheet = page.getByRole("dialog");
      await sheet.getByRole("heading", { name: /^Save / }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-visitor.png` });
      await sheet.getByRole("link", { name: "Log in to save" }).click();
      await page.waitForURL(/\/sign-in-users\?next=%2F$/);
      await page.getByLabel("E-mail or phone number").fill(person.email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL(helpers.url("/"));
      const back = page.locator(`.save-control[data-save-item="${item}"]`).first();
      await eventually(() => back.locator(".save-state").textContent()).toBe("Saved to Want to try");
      expect(await back.getByRole("button").textContent()).toMatch(/^Saved/);
      if (SHOTS) await back.screenshot({ path: `${SHOTS}/save-card-saved.png` });
      expect(await heldBy(person, "dish", id)).toEqual(["Want to try"]);
      // Done once: a reload does not save it again or show an error.
      expect(await page.evaluate(() => localStorage.getItem("pendingSave"))).toBeNull();
    });
  });

  it("saves from an item page in one tap, shows it there, and makes a new list from the sheet", async () => {
    const person = await helpers.signedInSession("itemsaver");
    const top = await helpers.api<{ id: number }[]>(null, "/dishes/top?topNum=1");
    const id = top.body.data[0]!.id;
    await helpers.withPage(person, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(helpers.url(`/dish/${id}`));
      const control = page.locator(`.cat-detail .save-control[data-save-item="dish:${id}"]`);
      await control.getByRole("button", { name: /^Save / }).click();
      const sheet = page.getByRole("dialog");
      await sheet.getByRole("status").filter({ hasText: "Saved to Want to try." }).waitFor();
      expect(await sheet.getByRole("checkbox", { name: "Want to try" }).isChecked()).toBe(true);
      expect(await sheet.getByRole("checkbox", { name: "Been" }).isChecked()).toBe(false);
      await sheet.getByLabel("New list").fill("Date night");
      await sheet.getByRole("button", { name: "Create and save" }).click();
      await sheet.getByRole("checkbox", { name: "Date night" }).waitFor();
      expect(await sheet.getByRole("checkbox", { name: "Date night" }).isChecked()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-sheet.png` });
      await sheet.getByRole("checkbox", { name: "Want to try" }).uncheck();
      await sheet.getByRole("status").filter({ hasText: "Removed from Want to try." }).waitFor();
      await sheet.getByRole("button", { name: "Done" }).click();
      await eventually(() => control.locator(".save-state").textContent()).toBe("Saved to Date night");
      expect(await heldBy(person, "dish", id)).toEqual(["Date night"]);
      // A fresh load shows which lists hold it.
      await page.reload();
      await eventually(() => control.locator(".save-state").textContent()).toBe("Saved to Date night");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/item-saved.png` });
    });
  });
});
