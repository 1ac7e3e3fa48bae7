// Small pieces the catalogue detail views share. React so the same markup renders statically
// at build (Astro, no client JavaScript) and on demand for items beyond the prerendered set.
import type { ReactNode } from "react";
import { COMMUNITY_ADDED_LABEL, communityAddedNote } from "../../domain/catalogue-listing.ts";
import { fileUrl } from "../../domain/file-url.ts";
import { formatCount } from "../../domain/format-count.ts";
import { ratingLabelForMean } from "../../domain/rating-label.ts";
import { tagSlug } from "../../domain/tag-slug.ts";

export function ItemImage(props: {
  name: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** The page's largest image above the fold: load it first. */
  priority?: boolean;
  className?: string;
  fallbackText: string;
}) {
  const src = fileUrl(props.name);
  const className = ["cat-image", props.className].filter(Boolean).join(" ");
  if (!src) {
    return (
      <span className={`${className} cat-image--empty`} role="img" aria-label={props.alt}>
        <span aria-hidden="true">{props.fallbackText.slice(0, 1).toUpperCase()}</span>
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={props.alt}
      width={props.width}
      height={props.height}
      loading={props.priority ? "eager" : "lazy"}
      decoding={props.priority ? "sync" : "async"}
      fetchPriority={props.priority ? "high" : undefined}
    />
  );
}

const STAR = "M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8l-5.3 2.9 1.2-5.9L1.4 7.7l6-.7z";

/**
 * A mean rating with its point 9 word label, and the number of reviews when the API gives
 * one: every review, including those that do not rank (incentivised, text only; issue 15).
 */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount?: number }) {
  const rated = rating > 0 || (reviewCount ?? 0) > 0;
  if (!rated) return <p className="cat-rating cat-rating--none">No ratings yet</p>;
  const value = Math.max(0, Math.min(5, rating));
  const count =
    reviewCount === undefined
      ? null
      : `${formatCount(reviewCount)} ${reviewCount === 1 ? "review" : "reviews"}`;
  return (
    <p className="cat-rating">
      <svg className="cat-rating__star" viewBox="0 0 20 20" aria-hidden="true">
        <path d={STAR} />
      </svg>
      <span className="cat-rating__value">
        <span className="visually-hidden">Rated </span>
        {value.toFixed(1)}
        <span className="visually-hidden"> out of 5</span>
      </span>
      <span className="cat-rating__label">{ratingLabelForMean(value)}</span>
      {count && <span className="cat-rating__count">{count}</span>}
    </p>
  );
}

export function TagChips({ tags, label = "Tags" }: { tags: string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="cat-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <a className="chip" href={`/tag/${tagSlug(tag)}`}>
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );
}

const PIN =
  "M10 1.8a6.2 6.2 0 0 0-6.2 6.2c0 4.6 6.2 10.2 6.2 10.2s6.2-5.6 6.2-10.2A6.2 6.2 0 0 0 10 1.8zm0 8.6a2.4 2.4 0 1 1 0-4.8 2.4 2.4 0 0 1 0 4.8z";

/** "Islington, North London" with the area linking to its page when the id is known. */
export function Place({ location }: { location: { area: string; region: string; areaId?: number } }) {
  return (
    <p className="cat-place">
      <svg viewBox="0 0 20 20" aria-hidden="true">
        <path d={PIN} />
      </svg>
      <span>
        {location.areaId ? <a href={`/area/${location.areaId}`}>{location.area}</a> : location.area}
        {location.region && `, ${location.region}`}
      </span>
    </p>
  );
}

/** Paragraphs from plain text with blank lines between them. */
export function Prose({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={["cat-prose", className].filter(Boolean).join(" ")}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/** One fact of a definition list: "Available", "Booking", "Price range". */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="cat-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Issue 21: an item anyone added is published at once, and says so until a moderator
 * approves it (the API's communityAdded).
 */
export function CommunityAdded({ kind }: { kind: "restaurant" | "dish" }) {
  return (
    <p className="cat-community">
      <span className="cat-community__label">{COMMUNITY_ADDED_LABEL}</span>
      <span className="cat-community__note">{communityAddedNote(kind)}</span>
    </p>
  );
}

/** A duplicate a moderator merged (issue 21): its page points at the item it repeated. */
export function MergedNotice(props: {
  kind: "restaurant" | "dish";
  name: string;
  into: { id: number; name: string };
}) {
  const place = props.kind === "restaurant" ? "place" : "dish";
  return (
    <article className="cat-detail cat-merged" aria-labelledby="cat-title">
      <p className="eyebrow">{props.kind === "restaurant" ? "Restaurant" : "Dish"}</p>
      <h1 id="cat-title">{props.name}</h1>
      <p className="cat-merged__text">
        This {place} was merged into <a href={`/${props.kind}/${props.into.id}`}>{props.into.name}</a>. Its
        reviews are there now.
      </p>
    </article>
  );
}
