// The image carousel with selector (spec points 2, 4 and 9): the photo shown, previous/next
// that wrap, and a 5-column grid of thumbnails; pressing one toggles whether this review uses
// it and shows it. Issue 24: unlike the spec's carousels it never advances by itself, because
// here a person is choosing photos and a photo that moves on is a photo chosen by mistake.
import type { ReviewImage } from "./review-state.ts";

interface Props {
  id: string;
  label: string;
  images: ReviewImage[];
  current: number;
  onShow: (index: number) => void;
  selected: readonly string[];
  onToggle: (id: string) => void;
  /** What pressing a thumbnail means, for its accessible name: "Use photo 2 for this review". */
  selectVerb: string;
  onDelete?: (id: string) => void;
}

export function PhotoSelector({ id, label, images, current, onShow, selected, onToggle, selectVerb, onDelete }: Props) {
  const count = images.length;
  const shown = images[current];
  const move = (step: number) => {
    if (count > 0) onShow((current + step + count) % count);
  };

  if (count === 0) return null;

  return (
    <section className="rm-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="rm-carousel__stage">
        <div
          className="rm-carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          // It moves only by hand, so each move is announced (APG carousel).
          aria-live="polite"
        >
          {shown && <img src={shown.previewUrl} alt={`Photo ${current + 1} of ${count}: ${shown.name}`} />}
          {shown && selected.includes(shown.id) && <span className="rm-carousel__badge">Chosen</span>}
        </div>
        {count > 1 && (
          <div className="rm-carousel__controls">
            <button type="button" className="btn btn-secondary rm-icon-btn" onClick={() => move(-1)} aria-label="Previous photo">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="btn btn-secondary rm-icon-btn" onClick={() => move(1)} aria-label="Next photo">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
        {onDelete && shown && (
          <button type="button" className="btn btn-secondary rm-delete" onClick={() => onDelete(shown.id)}>
            Delete photo {current + 1}
          </button>
        )}
      </div>
      <ul className="rm-thumbs" id={`${id}-thumbs`} aria-label={`${label}: thumbnails`}>
        {images.map((image, i) => {
          const isSelected = selected.includes(image.id);
          return (
            <li key={image.id}>
              <button
                type="button"
                className="rm-thumb"
                aria-pressed={isSelected}
                aria-current={i === current ? "true" : undefined}
                aria-label={`${selectVerb} photo ${i + 1}: ${image.name}`}
                onClick={() => onToggle(image.id)}
              >
                <img src={image.previewUrl} alt="" />
                {isSelected && (
                  <span className="rm-thumb__tick" aria-hidden="true">
                    ✓
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
