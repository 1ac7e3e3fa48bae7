// One dish of the menu (docs/owners.md "Keeping facts true"): name, price, description, the
// UK's 14 allergens as checkboxes in a fieldset (only once the owner says the information is
// provided), and diets; saved on its own. The last save's day shows under the allergens.
import { useId, useRef, useState, type FormEvent } from "react";
import { ALLERGENS } from "../../domain/allergens.ts";
import { DIETS } from "../../domain/diets.ts";
import { MAX_MENU_DESCRIPTION, MAX_MENU_PRICE, OWNER_MESSAGES } from "../../domain/owners.ts";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { DishItem } from "../../shared/schemas/catalogue-items.ts";
import { StatusLine } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import { fieldName } from "./hours-form.ts";
import { menuDishOf, priceOf, toggled, type DishDraft } from "./menu-form.ts";
import type { OwnerApi } from "./owner-api.ts";

const PRICE_MESSAGE = `Price must be a number of pounds from 0 to ${MAX_MENU_PRICE}, or empty.`;

interface Props {
  api: OwnerApi;
  token: string;
  restaurantId: number;
  initial: DishDraft;
  /** When the owner last saved the allergens (ISO 8601), for "last updated by the owner on". */
  allergensUpdatedAt: string | null;
  onSaved: (dish: DishItem) => void;
  saveLabel: string;
}

export function DishEditor({ api, token, restaurantId, initial, allergensUpdatedAt, onSaved, saveLabel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<{ field: "dishName" | "price" | "form"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, showStatus] = useStatus();
  const nameInput = useRef<HTMLInputElement>(null);
  const priceInput = useRef<HTMLInputElement>(null);
  const edit = (change: Partial<DishDraft>) => (setDraft({ ...draft, ...change }), setError(null));
  const fieldError = (field: "dishName" | "price") => (error?.field === field ? error.text : null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const price = priceOf(draft.price);
    if (!draft.dishName.trim()) return (setError({ field: "dishName", text: "Please name the dish." }), nameInput.current?.focus());
    if (Number.isNaN(price) || (price !== null && price > MAX_MENU_PRICE))
      return (setError({ field: "price", text: PRICE_MESSAGE }), priceInput.current?.focus());
    setBusy(true);
    const outcome = await api.saveMenu(token, restaurantId, [menuDishOf(draft)]);
    setBusy(false);
    if (outcome.kind === "ok" && outcome.data.dishes[0]) {
      showStatus({ tone: "success", text: OWNER_MESSAGES.menuSaved });
      return onSaved(outcome.data.dishes[0]);
    }
    const named = outcome.kind === "failed" ? Object.entries(outcome.fields)[0] : undefined;
    setError({ field: "form", text: named ? `${fieldName(named[0].replace(/^dishes\.\d+\./, ""))}: ${named[1]}` : outcome.message });
  }

  const described = (field: "dishName" | "price") => (fieldError(field) ? `${id}-${field}-error` : undefined);
  return (
    <form className="owner-dish" onSubmit={(event) => void save(event)} noValidate>
      <div className="owner-row">
        <div className="owner-field owner-grow">
          <label htmlFor={`${id}-name`} className="owner-label">Dish name</label>
          <input id={`${id}-name`} ref={nameInput} className="owner-input" value={draft.dishName} maxLength={100} aria-invalid={fieldError("dishName") ? true : undefined} aria-describedby={described("dishName")} onChange={(e) => edit({ dishName: e.currentTarget.value })} />
          {fieldError("dishName") && <p id={`${id}-dishName-error`} className="owner-error">{fieldError("dishName")}</p>}
        </div>
        <div className="owner-field owner-price">
          <label htmlFor={`${id}-price`} className="owner-label">Price (£)</label>
          <input id={`${id}-price`} ref={priceInput} className="owner-input" inputMode="decimal" value={draft.price} aria-invalid={fieldError("price") ? true : undefined} aria-describedby={described("price")} onChange={(e) => edit({ price: e.currentTarget.value })} />
          {fieldError("price") && <p id={`${id}-price-error`} className="owner-error">{fieldError("price")}</p>}
        </div>
      </div>
      <div className="owner-field">
        <label htmlFor={`${id}-description`} className="owner-label">Description</label>
        <textarea id={`${id}-description`} className="owner-input" rows={2} maxLength={MAX_MENU_DESCRIPTION} value={draft.description} onChange={(e) => edit({ description: e.currentTarget.value })} />
      </div>
      <fieldset className="owner-choices">
        <legend>Allergens</legend>
        <label className="owner-check">
          <input type="checkbox" checked={draft.allergensProvided} onChange={(e) => edit({ allergensProvided: e.currentTarget.checked })} />
          I have checked this dish&rsquo;s allergens (unticked, the page says the information has not been provided)
        </label>
        {draft.allergensProvided && (
          <fieldset className="owner-choices owner-grid">
            <legend>Contains (tick none if it contains none of the 14)</legend>
            {ALLERGENS.map((a) => (
              <label key={a.id} className="owner-check">
                <input type="checkbox" checked={draft.contains.includes(a.id)} onChange={(e) => edit({ contains: toggled(draft.contains, a.id, e.currentTarget.checked) })} />
                {a.label}
              </label>
            ))}
          </fieldset>
        )}
        {allergensUpdatedAt && <p className="owner-hint">Last updated by the owner on {ownerDay(allergensUpdatedAt)}</p>}
      </fieldset>
      <fieldset className="owner-choices owner-grid">
        <legend>Suitable for</legend>
        {DIETS.map((d) => (
          <label key={d.id} className="owner-check">
            <input type="checkbox" checked={draft.diets.includes(d.id)} onChange={(e) => edit({ diets: toggled(draft.diets, d.id, e.currentTarget.checked), dietsProvided: true })} />
            {d.label}
          </label>
        ))}
      </fieldset>
      {error?.field === "form" && <p className="owner-error" role="alert">{error.text}</p>}
      <StatusLine status={status} />
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? "Saving..." : saveLabel}
      </button>
    </form>
  );
}
