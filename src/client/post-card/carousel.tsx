// A post's photos (spec points 4 and 9): one at a time, moving on every 3 s with wrap-around.
// WCAG 2.2.2: a visible Pause control, and it waits while hovered, focused or off screen;
// under prefers-reduced-motion it never moves on its own (docs/accessibility.md, item 7).
import { useEffect, useRef, useState } from "react";
import { createCarouselTimer, wrapIndex, type CarouselTimer } from "../../domain/carousel.ts";
import type { Photo } from "../../shared/schemas/reviews.ts";
import { photoClass, photoSrc, photoSrcset } from "./post-media.ts";

export interface CarouselPhoto {
  photo: Photo;
  alt: string;
}

export function Carousel({
  photos,
  label,
  priority = false,
}: {
  photos: CarouselPhoto[];
  label: string;
  /** The page's first photo, likely its largest paint: fetched at once, ahead of the rest. */
  priority?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const timer = useRef<CarouselTimer | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const count = photos.length;

  useEffect(() => {
    if (count < 2) return;
    const t = createCarouselTimer(() => setIndex((current) => wrapIndex(current, 1, count)));
    timer.current = t;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    const followMotion = () => (reduce.matches ? t.pause("reduced-motion") : t.resume("reduced-motion"));
    followMotion();
    reduce.addEventListener("change", followMotion);
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver(([entry]) =>
            entry?.isIntersecting ? t.resume("offscreen") : t.pause("offscreen"),
          );
    if (root.current && observer) observer.observe(root.current);
    t.start();
    return () => {
      t.stop();
      observer?.disconnect();
      reduce.removeEventListener("change", followMotion);
    };
  }, [count]);

  if (count === 0) return null;
  const current = photos[Math.min(index, count - 1)]!;
  const move = (step: number) => {
    setIndex((value) => wrapIndex(value, step, count));
    timer.current?.restart();
  };
  const togglePause = () => {
    if (paused) timer.current?.resume("user");
    else timer.current?.pause("user");
    setPaused(!paused);
  };

  return (
    <div
      className="sf-carousel"
      ref={root}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => timer.current?.pause("hover")}
      onMouseLeave={() => timer.current?.resume("hover")}
      onFocus={() => timer.current?.pause("focus")}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) timer.current?.resume("focus");
      }}
    >
      <img
        key={current.photo.name}
        className={photoClass(current.photo)}
        src={photoSrc(current.photo, 800)}
        srcSet={photoSrcset(current.photo) || undefined}
        sizes="(min-width: 900px) 36rem, 92vw"
        width={current.photo.width}
        height={current.photo.height}
        alt={current.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
      {count > 1 && (
        <div className="sf-carousel__controls">
          <button type="button" className="sf-icon-button" onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous photo</span>
          </button>
          <span className="sf-carousel__count">
            {index + 1} / {count}
          </span>
          <button type="button" className="sf-icon-button" onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next photo</span>
          </button>
          <button
            type="button"
            className="sf-icon-button sf-carousel__pause"
            aria-pressed={paused}
            onClick={togglePause}
          >
            <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
            <span className="visually-hidden">Pause slideshow</span>
          </button>
        </div>
      )}
    </div>
  );
}
