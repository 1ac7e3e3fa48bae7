// What the signed-in person has claimed already (docs/owners.md: GET /owner/restaurants and
// /owner/claims): the restaurants they own, with the way to the dashboard, and claims waiting
// for a moderator or refused. Nothing when there is nothing to say.
import { useEffect, useState } from "react";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { ClaimApi, OwnClaim, OwnedRestaurant } from "./claim-api.ts";

const STATE_TEXT: Record<OwnClaim["state"], string> = {
  pending: "waiting for a moderator",
  approved: "approved",
  refused: "refused by a moderator",
};

export function ClaimsSoFar({ api, token }: { api: ClaimApi; token: string }) {
  const [owned, setOwned] = useState<OwnedRestaurant[]>([]);
  const [claims, setClaims] = useState<OwnClaim[]>([]);

  useEffect(() => {
    void api.owned(token).then((outcome) => outcome.kind === "ok" && setOwned(outcome.data));
    void api.claims(token).then((outcome) => outcome.kind === "ok" && setClaims(outcome.data));
  }, [api, token]);

  // An approved claim shows as an owned restaurant; only the undecided and refused ones add something.
  const open = claims.filter((claim) => claim.state !== "approved" && claim.method === "evidence");
  if (owned.length === 0 && open.length === 0) return null;
  return (
    <section className="claim-so-far" aria-labelledby="claim-so-far-title">
      <h2 id="claim-so-far-title">Your restaurants</h2>
      <ul>
        {owned.map((restaurant) => (
          <li key={`owned-${restaurant.id}`}>
            <strong>{restaurant.name}</strong>: claimed by you on {ownerDay(restaurant.claimedAt)}
          </li>
        ))}
        {open.map((claim) => (
          <li key={`claim-${claim.id}`}>
            <strong>{claim.restaurantName}</strong>: evidence sent on {ownerDay(claim.createdAt)},{" "}
            {STATE_TEXT[claim.state]}
          </li>
        ))}
      </ul>
      {owned.length > 0 && (
        <p>
          <a href="/owner">Go to your owner dashboard</a>
        </p>
      )}
    </section>
  );
}
