// The image carousel with selector (spec points 2, 4 and 9): the photo shown, previous/next,
// a 3-second auto-advance that wraps, and a 5-column grid of thumbnails; pressing one toggles
// whether this review uses it and shows it. WCAG 2.2.2: a pause control, no movement while the
// pointer or focus is inside or under reduced motion, and no announcements while it moves.
import { useEffect, useRef, useState } from "react";
import { createCarouselTimer, type CarouselTimer } from "../../domain/carousel.ts";
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

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export function PhotoSelector({ id, label, images, current, onShow, selected, onToggle, selectVerb, onDelete }: Props) {
  const count = images.length;
  const shown = images[current];
  const latest = useRef({ current, count, onShow });
  latest.current = { current, count, onShow };
  const timer = useRef<CarouselTimer | null>(null);
  const [paused, setPaused] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    if (count < 2) return;
    const carousel = createCarouselTimer(() => {
      const { current: at, count: n, onShow: show } = latest.current;
      show((at + 1) % n);
    });
    timer.current = carousel;
    if (prefersReducedMotion()) carousel.pause("reduced-motion");
    const onVisibility = () => (document.hidden ? carousel.pause("hidden") : carousel.resume("hidden"));
    document.addEventListener("visibilitychange", onVisibility);
    carousel.start();
    setMoving(carousel.isRunning());
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      carousel.stop();
      timer.current = null;
    };
  }, [count]);

  const pauseFor = (reason: "hover" | "focus", pause: boolean) => {
    const carousel = timer.current;
    if (!carousel) return;
    if (pause) carousel.pause(reason);
    else carousel.resume(reason);
    setMoving(carousel.isRunning());
  };

  const move = (step: number) => {
    if (count === 0) return;
    onShow((current + step + count) % count);
    timer.current?.restart();
  };

  const togglePause = () => {
    const carousel = timer.current;
    if (!carousel) return;
    if (paused) carousel.resume("user");
    else carousel.pause("user");
    setPaused(!paused);
    setMoving(carousel.isRunning());
  };

  if (count === 0) return null;

  return (
    <section
      className="rm-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => pauseFor("hover", true)}
      onMouseLeave={() => pauseFor("hover", false)}
      onFocus={() => pauseFor("focus", true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) pauseFor("focus", false);
      }}
    >
      <div className="rm-carousel__stage">
        <div
          className="rm-carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          // Announced when moved by hand, silent while it advances by itself (APG carousel).
          aria-live={moving ? "off" : "polite"}
        >
          {shown && <img src={shown.previewUrl} alt={`Photo ${current + 1} of ${count}: ${shown.name}`} />}
          {shown && selected.includes(shown.id) && <span className="rm-carousel__badge">Chosen</span>}
        </div>
        {count > 1 && (
          <div className="rm-carousel__controls">
            {!reducedMotion && (
              <button type="button" className="btn btn-secondary rm-icon-btn" onClick={togglePause} aria-label={paused ? "Play slide show" : "Pause slide show"}>
                <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
              </button>
            )}
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
                onClick={() => {
                  onToggle(image.id);
                  timer.current?.restart();
                }}
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
