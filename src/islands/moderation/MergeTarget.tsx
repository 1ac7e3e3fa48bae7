// Which listed item a duplicate merges into (issue 21): its id, looked up and named before the
// decision is sent, so a mistyped id is seen rather than merged into.
import { useState } from "react";
import { invalidProps } from "./field-props.ts";
import type { ModerationApi } from "./moderation-api.ts";

export function MergeTarget({
  api,
  kind,
  value,
  error,
  idBase: id,
  onChange,
}: {
  api: ModerationApi;
  kind: "restaurant" | "dish";
  value: string;
  error: string | undefined;
  idBase: string;
  onChange: (value: string) => void;
}) {
  const [found, setFound] = useState<string>("");

  async function lookUp() {
    const targetId = Number(value);
    if (!Number.isSafeInteger(targetId) || targetId <= 0) return setFound(`Type the ${kind}'s id first.`);
    setFound("Looking…");
    const outcome = await api.catalogueItem(kind, targetId);
    if (outcome.kind !== "ok") {
      setFound(
        outcome.kind === "failed" && outcome.status === 404
          ? `There is no ${kind} ${targetId}.`
          : outcome.message,
      );
      return;
    }
    const name = "name" in outcome.data ? outcome.data.name : outcome.data.dishName;
    setFound(`Merges into ${kind} ${targetId}: ${name}.`);
  }

  return (
    <div className="sp-field">
      <label htmlFor={`${id}-merge`}>Merge into ({kind} id)</label>
      <div className="mod-inline">
        <input
          id={`${id}-merge`}
          inputMode="numeric"
          value={value}
          onChange={(event) => {
            setFound("");
            onChange(event.target.value.trim());
          }}
          {...invalidProps(`${id}-merge-error`, error, `${id}-merge-found`)}
        />
        <button type="button" className="btn btn-secondary" onClick={() => void lookUp()}>
          Look up
        </button>
      </div>
      <p id={`${id}-merge-found`} className="sp-note" role="status">
        {found}
      </p>
      {error && (
        <p id={`${id}-merge-error`} className="ir-error">
          {error}
        </p>
      )}
    </div>
  );
}
