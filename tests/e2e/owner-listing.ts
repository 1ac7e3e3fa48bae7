// Issue 29: a member who lists a restaurant only suggests its contact address; a claim code goes
// to an address a moderator set. The owner specs list their restaurant as a member, then a
// moderator (given the role in the site's database, as `npm run moderator` does) sets the address
// with an edit, which approves the listing too.
import { expect } from "vitest";
import type { SiteUnderTest } from "./harness.ts";
import type { SessionHelpers } from "./session.ts";

export async function moderatorSetsContact(
  shared: SiteUnderTest,
  helpers: Pick<SessionHelpers, "signedInSession" | "api">,
  restaurantId: number,
  contactEmail: string,
): Promise<void> {
  const moderator = await helpers.signedInSession("omod");
  await shared.database.client.execute({
    sql: "UPDATE users SET role = 'moderator' WHERE id = ?",
    args: [Number(moderator.userId)],
  });
  const edited = await helpers.api(moderator, "/moderation/actions", {
    method: "POST",
    body: JSON.stringify({
      kind: "restaurant",
      id: restaurantId,
      action: "edit",
      reason: "no-violation",
      note: "Checked with the restaurant: this is its address.",
      fields: { contactEmail },
    }),
  });
  expect(edited.status, edited.body.message).toBe(200);
}
