// What an action needs besides its reason and note (issue 21): how long a suspension lasts,
// the item a merge goes into (found by id, and named before anything is sent), and the fields
// an edit changes. Only the chosen action's part is shown.
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import { SUSPENSION_CHOICES, type EditDraft } from "./decision-draft.ts";
import { invalidProps } from "./field-props.ts";
import { MergeTarget } from "./MergeTarget.tsx";
import type { ModerationApi } from "./moderation-api.ts";
import type { DecisionState } from "./use-decision.ts";

export function DecisionExtras({
  api,
  item,
  decision,
  idBase: id,
}: {
  api: ModerationApi;
  item: QueueItem;
  decision: DecisionState;
  idBase: string;
}) {
  const { draft, errors, change } = decision;
  if (draft.action === "suspend") {
    return (
      <div className="sp-field">
        <label htmlFor={`${id}-days`}>Suspend for</label>
        <select
          id={`${id}-days`}
          value={draft.suspendFor}
          onChange={(event) => change("suspendFor", event.target.value)}
          {...invalidProps(`${id}-days-error`, errors.suspendFor)}
        >
          {SUSPENSION_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {errors.suspendFor && (
          <p id={`${id}-days-error`} className="ir-error">
            {errors.suspendFor}
          </p>
        )}
      </div>
    );
  }
  if (draft.action === "merge" && (item.kind === "restaurant" || item.kind === "dish")) {
    return (
      <MergeTarget
        api={api}
        kind={item.kind}
        value={draft.mergeInto}
        error={errors.mergeInto}
        idBase={id}
        onChange={(value) => change("mergeInto", value)}
      />
    );
  }
  if (draft.action !== "edit") return null;
  const edit = (key: keyof EditDraft, value: string) => change("edit", { ...draft.edit, [key]: value });
  const described = invalidProps(`${id}-edit-error`, errors.edit);
  return (
    <fieldset className="mod-edit" aria-describedby={errors.edit ? `${id}-edit-error` : undefined}>
      <legend>Fields to change</legend>
      <div className="sp-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          value={draft.edit.name}
          onChange={(e) => edit("name", e.target.value)}
          {...described}
        />
      </div>
      {item.kind === "restaurant" && (
        <div className="sp-field">
          <label htmlFor={`${id}-address`}>Address</label>
          <input
            id={`${id}-address`}
            value={draft.edit.address}
            onChange={(e) => edit("address", e.target.value)}
            {...described}
          />
        </div>
      )}
      <div className="sp-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={draft.edit.description}
          onChange={(e) => edit("description", e.target.value)}
          {...described}
        />
      </div>
      <div className="sp-field">
        <label htmlFor={`${id}-tags`}>Tags (comma separated; empty keeps them)</label>
        <input
          id={`${id}-tags`}
          value={draft.edit.tags}
          onChange={(e) => edit("tags", e.target.value)}
          {...described}
        />
      </div>
      {item.kind === "restaurant" && (
        <div className="sp-field">
          <label htmlFor={`${id}-contact`}>Contact address for claim codes (empty keeps it)</label>
          <input
            id={`${id}-contact`}
            type="email"
            autoComplete="off"
            value={draft.edit.contactEmail}
            onChange={(e) => edit("contactEmail", e.target.value)}
            {...described}
          />
        </div>
      )}
      {item.kind === "dish" && (
        <div className="sp-field">
          <label htmlFor={`${id}-price`}>Price in pounds (empty when unknown)</label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            value={draft.edit.price}
            onChange={(e) => edit("price", e.target.value)}
            {...described}
          />
        </div>
      )}
      {errors.edit && (
        <p id={`${id}-edit-error`} className="ir-error">
          {errors.edit}
        </p>
      )}
    </fieldset>
  );
}
