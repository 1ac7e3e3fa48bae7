// Tap-to-rate (issue 24), shared by the review modal and the item pages' edit (issue 30: editing
// uses the same stars as posting): five stars in halves, a native radio group (arrow keys move and
// choose, Tab enters and leaves), beside the exact value the spec keeps (0..50 in steps of 1,
// shown divided by 10: spec point 9), typed or stepped with the arrow keys. Nothing is chosen
// until the person chooses: 0 is "not rated yet", never "0.0 Inedible".
import { useId, useState } from "react";
import { ratingLabel } from "../domain/rating-label.ts";
import {
  HALF_STAR_TENTHS,
  parseExactRating,
  REVIEW_FORM_MESSAGES,
  STAR_VALUES,
  starName,
  stepRating,
} from "../domain/review-form.ts";
import { MAX_RATING_TENTHS } from "../domain/review-rules.ts";
import "./star-rating.css";

/** "4.5": the value is 0..50 tenths already (radios, the parsed box, the arrow keys). */
const formatRating = (tenths: number) => (tenths / 10).toFixed(1);

/** Where the stars are whole-star targets (star-rating.css): halves would be under 44 px. */
const WHOLE_STARS_MEDIA = "(max-width: 40rem)";

const STAR_PATH = "M12 1.8l3.1 6.5 7.1.9-5.2 4.9 1.3 7-6.3-3.4-6.3 3.4 1.3-7L1.8 9.2l7.1-.9z";

function Stars() {
  return (
    <svg viewBox="0 0 120 24" aria-hidden="true" focusable="false">
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={STAR_PATH} transform={`translate(${i * 24} 0)`} />
      ))}
    </svg>
  );
}

export function StarRating(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  required?: boolean;
  /** Why the rating cannot be sent yet; shown under it and read with it. */
  error?: string;
}) {
  const id = useId();
  const { value, onChange, error } = props;
  // What the person is typing in the exact box, until it leaves; null shows the value.
  const [typed, setTyped] = useState<string | null>(null);
  const typedValue = typed === null ? value : parseExactRating(typed);
  const typingError = typedValue === null ? REVIEW_FORM_MESSAGES.exactRatingInvalid : null;
  const shownError = typingError ?? error;
  const errorId = `${id}-error`;
  const words = value > 0 ? ratingLabel(value) : REVIEW_FORM_MESSAGES.notRated;

  return (
    <div className="rm-field rm-rating">
      <span className="rm-rating__title" id={`${id}-label`}>
        {props.label}
      </span>
      <div className="rm-rating__row">
        <div
          role="radiogroup"
          className="rm-stars"
          aria-labelledby={`${id}-label`}
          aria-required={props.required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
        >
          <Stars />
          {/* The fill follows the exact value, so 4.2 shows a fifth of the fifth star. */}
          <span className="rm-stars__fill" style={{ width: `${(value / MAX_RATING_TENTHS) * 100}%` }}>
            <Stars />
          </span>
          {STAR_VALUES.map((tenths) => (
            <label
              key={tenths}
              className="rm-star-half"
              data-half={tenths % 10 === HALF_STAR_TENTHS ? "left" : "right"}
              style={{ "--star": Math.ceil(tenths / 10) } as React.CSSProperties}
            >
              <input
                type="radio"
                name={`${id}-stars`}
                value={tenths}
                checked={value === tenths}
                onChange={() => {
                  setTyped(null);
                  onChange(tenths);
                }}
                onClick={() => {
                  // On a phone each star is one 48 px target (issue 30); tapping the chosen
                  // star again takes half a star off. `value` is still the value before the tap.
                  if (value === tenths && tenths % 10 === 0 && window.matchMedia(WHOLE_STARS_MEDIA).matches) {
                    setTyped(null);
                    onChange(tenths - HALF_STAR_TENTHS);
                  }
                }}
              />
              <span className="visually-hidden">{starName(tenths)}</span>
            </label>
          ))}
        </div>
        <div className="rm-rating__exact">
          <label htmlFor={`${id}-exact`} className="rm-rating__exact-label">
            Exact rating
          </label>
          <input
            id={`${id}-exact`}
            type="text"
            role="spinbutton"
            inputMode="decimal"
            autoComplete="off"
            size={3}
            placeholder="–"
            aria-valuemin={0.1}
            aria-valuemax={MAX_RATING_TENTHS / 10}
            aria-valuenow={value > 0 ? value / 10 : undefined}
            aria-valuetext={value > 0 ? `${formatRating(value)} out of 5, ${words}` : words}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            value={typed ?? (value > 0 ? formatRating(value) : "")}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setTyped(text);
              const parsed = parseExactRating(text);
              onChange(parsed ?? 0);
            }}
            onBlur={() => typedValue !== null && setTyped(null)}
            onKeyDown={(event) => {
              const by = { ArrowUp: 1, ArrowDown: -1, PageUp: HALF_STAR_TENTHS, PageDown: -HALF_STAR_TENTHS }[
                event.key
              ];
              if (by === undefined) return;
              event.preventDefault();
              setTyped(null);
              onChange(stepRating(value, by));
            }}
          />
          <span className="rm-rating__words" aria-hidden="true">
            out of 5 <span className="rm-rating__label">{words}</span>
          </span>
        </div>
      </div>
      <p className="rm-hint rm-rating__tap-hint">Tap a star again for half a star less.</p>
      {shownError && (
        <p className="rm-error" id={errorId}>
          {shownError}
        </p>
      )}
    </div>
  );
}
