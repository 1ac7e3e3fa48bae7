// The last 12 months of the restaurant's own reviews (docs/owners.md "Dashboard data"): an SVG
// drawn from the data, bars for the count and a line of dots for the average rating, every
// value written beside its mark so nothing depends on colour; role="img" with a sentence that
// describes it, and the figures in a table for anyone who wants them exact.
import { useEffect, useId, useState } from "react";
import type { OwnerApi, OwnerStats } from "./owner-api.ts";
import { CHART, chartColumns, chartDescription, monthName } from "./stats-chart.ts";

function Chart({ months }: { months: OwnerStats["months"] }) {
  const descriptionId = useId();
  const columns = chartColumns(months);
  const rated = columns.filter((c) => c.ratingY !== null);
  const baseline = CHART.height - CHART.bottom;
  return (
    <figure className="owner-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={descriptionId} className="owner-chart__svg">
        <title id={descriptionId}>{chartDescription(months)}</title>
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={baseline} y2={baseline} className="owner-chart__axis" />
        {columns.map((c) => (
          <g key={c.month}>
            <rect x={c.x - c.barWidth / 2} y={c.barTop} width={c.barWidth} height={c.barHeight} className="owner-chart__bar" />
            <text x={c.x} y={baseline - 6} textAnchor="middle" className="owner-chart__count">
              {c.reviewCount}
            </text>
            <text x={c.x} y={baseline + 22} textAnchor="middle" className="owner-chart__month">
              {c.label}
            </text>
            {c.year && (
              <text x={c.x} y={baseline + 44} textAnchor="middle" className="owner-chart__year">
                {c.year}
              </text>
            )}
          </g>
        ))}
        {rated.length > 1 && (
          <polyline points={rated.map((c) => `${c.x},${c.ratingY}`).join(" ")} className="owner-chart__line" />
        )}
        {rated.map((c) => (
          <g key={`r-${c.month}`}>
            <path d={`M${c.x} ${c.ratingY! - 8}l8 8-8 8-8-8z`} className="owner-chart__dot" />
            <text x={c.x} y={c.ratingY! - 14} textAnchor="middle" className="owner-chart__rating">
              {c.averageRating!.toFixed(1)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="owner-chart__key">
        <span className="owner-chart__key-bar" aria-hidden="true" /> Bars and the number at their foot: reviews that month.{" "}
        <span className="owner-chart__key-dot" aria-hidden="true" /> Diamonds and the number above them: the month&rsquo;s
        average rating out of 5.
      </figcaption>
    </figure>
  );
}

function StatsTable({ months }: { months: OwnerStats["months"] }) {
  return (
    <details className="owner-details">
      <summary>Show the figures as a table</summary>
      <table className="owner-table">
        <caption className="visually-hidden">Reviews and average rating per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Reviews</th>
            <th scope="col">Average rating</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthName(m.month, true)}</th>
              <td>{m.reviewCount}</td>
              <td>{m.averageRating === null ? "No rating" : m.averageRating.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function StatsSection({ api, token, restaurantId }: { api: OwnerApi; token: string; restaurantId: number }) {
  const [months, setMonths] = useState<OwnerStats["months"] | null | "failed">(null);
  useEffect(() => {
    setMonths(null);
    void api.stats(token, restaurantId).then((outcome) => setMonths(outcome.kind === "ok" ? outcome.data.months : "failed"));
  }, [api, token, restaurantId]);
  return (
    <section className="owner-section" aria-labelledby="owner-stats-title">
      <h2 id="owner-stats-title">The last 12 months</h2>
      {months === null && <p role="status">Loading…</p>}
      {months === "failed" && <p role="alert">The figures could not load. Please reload the page.</p>}
      {Array.isArray(months) && (
        <>
          <Chart months={months} />
          <StatsTable months={months} />
        </>
      )}
    </section>
  );
}
