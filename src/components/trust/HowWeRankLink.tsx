// "How we rank", linking a ranked list to /how-rankings-work (issue 15). Astro pages render it
// to plain HTML (no client directive, so no script), React lists render it in place.
import { HOW_WE_RANK_LABEL, HOW_WE_RANK_PATH } from "./trust-links.ts";
import "./how-we-rank.css";

export function HowWeRankLink() {
  return (
    <a className="how-we-rank" href={HOW_WE_RANK_PATH}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 7v4.5M8 4.5v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {HOW_WE_RANK_LABEL}
    </a>
  );
}
