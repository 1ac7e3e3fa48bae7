// Step 1 of a claim: the restaurant by name and post code, through the catalogue search.
// Each match names its address and post code, and says when it already has an owner (a claim
// of it then goes to a moderator).
import { useRef, useState, type FormEvent } from "react";
import { AccountForm, StatusLine, SubmitButton, TextField } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import type { ClaimApi, FoundRestaurant } from "./claim-api.ts";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import { matchesPostCode } from "./claim-search.ts";

export const FIND_MESSAGES = {
  nameRequired: "Please enter your restaurant's name.",
  none: "No restaurant with this name and post code is listed. Check the spelling, or try the name alone.",
} as const;

interface Props {
  api: ClaimApi;
  /** Pressed "Claim this restaurant" (the screen starts the claim and shows how it went). */
  onChoose: (restaurant: FoundRestaurant) => void;
  /** The restaurant whose claim is being started: its button says so. */
  starting: number | null;
}

export function FindRestaurant({ api, onChoose, starting }: Props) {
  const [name, setName] = useState("");
  const [postCode, setPostCode] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<FoundRestaurant[] | null>(null);
  const [status, showStatus, clearError] = useStatus();
  const nameInput = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setNameError(FIND_MESSAGES.nameRequired);
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    showStatus(null);
    const outcome = await api.search(name.trim());
    setBusy(false);
    if (outcome.kind !== "ok") {
      showStatus({ tone: "error", text: outcome.message || "The search failed. Please try again." });
      return;
    }
    setFound(outcome.data.filter((r) => matchesPostCode(r.postCode, postCode)));
    // The answer replaces nothing that had the focus; moving to it tells a screen reader it came.
    requestAnimationFrame(() => resultsHeading.current?.focus());
  }

  return (
    <div className="claim-find">
      <AccountForm onSubmit={search} busy={busy} onEdit={clearError}>
        <TextField
          label="Restaurant name"
          name="restaurantName"
          autoComplete="organization"
          required
          value={name}
          error={nameError}
          inputRef={nameInput}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
          }}
        />
        <TextField
          label="Post code"
          name="postCode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          hint="Optional: narrows the list to your branch."
          value={postCode}
          onChange={(event) => setPostCode(event.currentTarget.value)}
        />
        <StatusLine status={status} />
        <SubmitButton busy={busy} busyLabel="Searching..." label="Find my restaurant" />
      </AccountForm>

      {found && (
        <section className="claim-results" aria-labelledby="claim-results-title">
          <h2 id="claim-results-title" className="claim-results__title" tabIndex={-1} ref={resultsHeading}>
            {found.length === 0 ? "No match" : `${found.length} ${found.length === 1 ? "match" : "matches"}`}
          </h2>
          {found.length === 0 ? (
            <p>{FIND_MESSAGES.none}</p>
          ) : (
            <ul className="claim-results__list">
              {found.map((restaurant) => (
                <li key={restaurant.id} className="claim-result">
                  <p className="claim-result__name">
                    <a href={`/restaurant/${restaurant.id}`}>{restaurant.name}</a>
                  </p>
                  <p className="claim-result__address">
                    {[restaurant.address, restaurant.postCode].filter(Boolean).join(", ")}
                  </p>
                  {restaurant.claimedAt && (
                    <p className="claim-result__owned">Claimed by its owner on {ownerDay(restaurant.claimedAt)}</p>
                  )}
                  <button
                    type="button"
                    className="btn btn-secondary claim-result__choose"
                    aria-disabled={starting !== null || undefined}
                    onClick={() => {
                      if (starting === null) onChoose(restaurant);
                    }}
                  >
                    {starting === restaurant.id ? "Starting claim..." : "Claim this restaurant"}
                    <span className="visually-hidden">: {restaurant.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
