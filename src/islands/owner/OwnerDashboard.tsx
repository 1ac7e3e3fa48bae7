// /owner (issue 22, docs/owners.md "Dashboard data"): for verified owners only, per restaurant,
// the reviews to answer with the reply rate, the last 12 months, the facts and the menu. Anyone
// else is told how to claim a restaurant. Each part loads on its own, so one failure leaves
// the rest usable.
import { useCallback, useEffect, useState } from "react";
import { ClaimedLabel } from "../../components/catalogue/owner-parts.tsx";
import { currentSession, type Session } from "../../client/session.ts";
import { FactsForm } from "./FactsForm.tsx";
import { MenuEditor } from "./MenuEditor.tsx";
import { PhotosSection } from "./PhotosSection.tsx";
import { ownerApi as defaultOwnerApi, type OwnedRestaurant, type OwnerApi } from "./owner-api.ts";
import { ReviewsSection } from "./ReviewsSection.tsx";
import { StatsSection } from "./StatsChart.tsx";
import "./owner.css";

export const NOT_AN_OWNER = "This dashboard is for the verified owners of a restaurant, and you do not own one yet.";

type Owned = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; restaurants: OwnedRestaurant[] };

let defaultApi: OwnerApi | null = null;

function Picker({ restaurants, chosen, onChoose }: { restaurants: OwnedRestaurant[]; chosen: number; onChoose: (id: number) => void }) {
  if (restaurants.length < 2) return null;
  return (
    <label className="owner-picker">
      <span>Restaurant</span>
      <select value={chosen} onChange={(e) => onChoose(Number(e.currentTarget.value))}>
        {restaurants.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}, {r.postCode}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function OwnerDashboard({ api = (defaultApi ??= defaultOwnerApi()) }: { api?: OwnerApi }) {
  const [session] = useState<Session | null>(() => currentSession());
  const [owned, setOwned] = useState<Owned>({ status: "loading" });
  const [chosen, setChosen] = useState<number | null>(null);

  const load = useCallback(async () => {
    if (!session) return;
    setOwned({ status: "loading" });
    const outcome = await api.owned(session.token);
    if (outcome.kind !== "ok") return setOwned({ status: "failed", message: outcome.message });
    setOwned({ status: "ready", restaurants: outcome.data });
    setChosen((current) => current ?? outcome.data[0]?.id ?? null);
  }, [api, session]);

  useEffect(() => void load(), [load]);

  // The layout sends a visitor without a session to the login page.
  if (!session) return null;
  const restaurant = owned.status === "ready" ? owned.restaurants.find((r) => r.id === chosen) : undefined;
  return (
    <div className="owner-dashboard">
      <h1>Owner dashboard</h1>
      {owned.status === "loading" && <p role="status">Loading your restaurants…</p>}
      {owned.status === "failed" && (
        <div role="alert" className="owner-failed">
          <p>{owned.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {owned.status === "ready" && owned.restaurants.length === 0 && (
        <div className="owner-empty">
          <p>{NOT_AN_OWNER}</p>
          <p>
            <a className="btn btn-primary" href="/claim-my-restaurant">
              Claim your restaurant
            </a>
          </p>
        </div>
      )}
      {owned.status === "ready" && restaurant && (
        <>
          <Picker restaurants={owned.restaurants} chosen={restaurant.id} onChoose={setChosen} />
          <div className="owner-head">
            <h2 className="owner-name">
              <a href={`/restaurant/${restaurant.id}`}>{restaurant.name}</a>
            </h2>
            <ClaimedLabel claimedAt={restaurant.claimedAt} />
            {/* The review counts are the Reviews section's, read with its pages, so they stay current. */}
            <p className="owner-hint">Nothing you do here changes a rating or a rank.</p>
            <nav aria-label="Dashboard sections" className="owner-jump">
              <a href="#owner-reviews-title">Reviews</a> <a href="#owner-stats-title">The last 12 months</a>{" "}
              <a href="#owner-facts-title">Hours, links and description</a> <a href="#owner-menu-title">Menu</a>{" "}
              <a href="#owner-photos-title">Photos</a>
            </nav>
          </div>
          <div key={restaurant.id} className="owner-sections">
            <ReviewsSection api={api} token={session.token} restaurantId={restaurant.id} />
            <StatsSection api={api} token={session.token} restaurantId={restaurant.id} />
            <section className="owner-section" aria-labelledby="owner-facts-title">
              <h2 id="owner-facts-title">Hours, links and description</h2>
              <FactsForm api={api} token={session.token} restaurantId={restaurant.id} />
            </section>
            <section className="owner-section" aria-labelledby="owner-menu-title">
              <h2 id="owner-menu-title">Menu</h2>
              <MenuEditor api={api} token={session.token} restaurantId={restaurant.id} />
            </section>
            <section className="owner-section" aria-labelledby="owner-photos-title">
              <h2 id="owner-photos-title">Photos</h2>
              <PhotosSection token={session.token} restaurantId={restaurant.id} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
