// Spec point 9's slider: a native range input (arrows, Page Up/Down, Home and End work by
// themselves), 0..50 shown /10 with one decimal and the rating's label beside it.
import { ratingLabel } from "../../domain/rating-label.ts";
import { MAX_RATING_TENTHS } from "../../domain/review-rules.ts";
import { formatRating } from "./review-state.ts";

export function RatingSlider(props: { id: string; label: string; value: number; onChange: (value: number) => void }) {
  const shown = formatRating(props.value);
  const words = ratingLabel(props.value);
  return (
    <div className="rm-field rm-rating">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="rm-rating__row">
        <input
          id={props.id}
          type="range"
          min={0}
          max={MAX_RATING_TENTHS}
          step={1}
          value={props.value}
          aria-valuetext={`${shown} out of 5, ${words}`}
          onChange={(event) => props.onChange(Number(event.currentTarget.value))}
        />
        <span className="rm-rating__value" aria-hidden="true">
          <strong>{shown}</strong> <span className="rm-rating__label">{words}</span>
        </span>
      </div>
    </div>
  );
}
