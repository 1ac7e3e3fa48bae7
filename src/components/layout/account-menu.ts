// What the account menu offers beyond the entries everyone signed in has (Feed, Profile,
// Notifications, Settings, Log Out): pure, so the rule is tested without a browser (issue 24).

export interface AccountFacts {
  /** users.role of the signed-in person, from their own-account answer (GET /users/{own id}). */
  role: "user" | "moderator" | "admin";
  /**
   * The person is the verified owner of at least one restaurant (issue 30): read from
   * GET /owner/restaurants (ownerFactsOf), so the menu and the sidebar offer /owner.
   */
  verifiedOwner: boolean;
}

export interface MenuEntry {
  label: string;
  href: string;
}

const SIGNED_IN_USER: AccountFacts = { role: "user", verifiedOwner: false };

/** The facts in an own-account answer's data; anything unexpected counts as a plain user. */
export function accountFactsOf(data: unknown): AccountFacts {
  if (data === null || typeof data !== "object") return SIGNED_IN_USER;
  const { role, verifiedOwner } = data as { role?: unknown; verifiedOwner?: unknown };
  return {
    role: role === "moderator" || role === "admin" ? role : "user",
    verifiedOwner: verifiedOwner === true,
  };
}

/** Whether GET /owner/restaurants' data lists any restaurant the person owns. */
export function ownsRestaurants(data: unknown): boolean {
  return Array.isArray(data) && data.length > 0;
}

/** The role-driven entries, in menu order, between Settings and Log Out. */
export function roleEntries(facts: AccountFacts): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (facts.role === "moderator" || facts.role === "admin") entries.push({ label: "Moderation", href: "/moderation" });
  if (facts.verifiedOwner) entries.push({ label: "Owner dashboard", href: "/owner" });
  return entries;
}
