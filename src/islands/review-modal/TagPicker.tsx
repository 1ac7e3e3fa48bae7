// Tags for a new restaurant or dish: a filter box over the form's tag list (up to 193,
// spec point 9) and a checkbox per tag, so it works with a keyboard and a screen reader as is.
import { useId, useState } from "react";
import type { TagItem } from "../../shared/schemas/catalogue-items.ts";

const FIRST_SHOWN = 12;
const MATCHES_SHOWN = 24;

export function TagPicker(props: { tags: TagItem[]; chosen: number[]; onChange: (chosen: number[]) => void; error?: string }) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  // A keyboard user tabs through every checkbox shown: a few to start, the matches once typing,
  // and the chosen ones always, rather than all 193 at once.
  const matches = needle ? props.tags.filter((tag) => tag.tagName.toLowerCase().includes(needle)) : props.tags;
  const limit = needle ? MATCHES_SHOWN : FIRST_SHOWN;
  const shown = [
    ...props.tags.filter((tag) => props.chosen.includes(tag.id) && !matches.slice(0, limit).includes(tag)),
    ...matches.slice(0, limit),
  ];
  const more = matches.length - Math.min(limit, matches.length);
  const chosenNames = props.tags.filter((tag) => props.chosen.includes(tag.id)).map((tag) => tag.tagName);
  const toggle = (tagId: number) =>
    props.onChange(props.chosen.includes(tagId) ? props.chosen.filter((x) => x !== tagId) : [...props.chosen, tagId]);
  return (
    <fieldset className="rm-field rm-tags" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend>Tags</legend>
      <p className="rm-hint" id={`${id}-chosen`} aria-live="polite">
        {chosenNames.length === 0 ? "No tags chosen yet." : `Chosen: ${chosenNames.join(", ")}`}
      </p>
      <label htmlFor={`${id}-filter`} className="rm-sublabel">
        Find a tag
      </label>
      <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} autoComplete="off" />
      <div className="rm-tags__list" role="group" aria-label="Tags to choose from">
        {matches.length === 0 && <p className="rm-hint">No tag matches “{filter}”.</p>}
        {shown.map((tag) => (
          <label key={tag.id} className="rm-tag">
            <input type="checkbox" checked={props.chosen.includes(tag.id)} onChange={() => toggle(tag.id)} />
            <span aria-hidden="true">{tag.imageURL}</span> {tag.tagName}
          </label>
        ))}
      </div>
      {more > 0 && <p className="rm-hint">{more} more: type to find them.</p>}
      {props.error && (
        <p className="rm-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
